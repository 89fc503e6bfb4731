public import Foundation

/// A stored value with the schema version it was written in.
///
/// Stored as `{"value": …, "version": 2}`. Read and write it through
/// ``Migrations`` so older versions are upgraded on the way in.
public struct Versioned<Value: Codable & Sendable>: Codable, Sendable {
  /// The schema version of ``value``.
  public var version: Int
  /// The value.
  public var value: Value

  /// Wraps `value` with its schema version.
  ///
  /// - Parameters:
  ///   - version: The schema version.
  ///   - value: The value.
  public init(version: Int, value: Value) {
    self.version = version
    self.value = value
  }
}

extension Versioned: Equatable where Value: Equatable {}

/// The steps that bring a stored value from any older schema version to the
/// current one.
///
/// Register one step per version change; each decodes the old shape and returns
/// the next one. A value stored without an envelope (before the app adopted
/// versioning) counts as version 1.
///
/// ```swift
/// struct TodoV1: Codable { var title: String }
/// struct Todo: Codable, Sendable { var title: String; var done: Bool }
///
/// let migrations = Migrations<[Todo]>(currentVersion: 2)
///   .step(from: 1) { (old: [TodoV1]) in old.map { Todo(title: $0.title, done: false) } }
///
/// let todos = try store.value(forKey: "todos", migrations: migrations) ?? []
/// try store.set(todos, forKey: "todos", migrations: migrations)  // writes version 2
/// ```
public struct Migrations<Value: Codable & Sendable>: Sendable {
  /// The version this build writes.
  public let currentVersion: Int
  private var steps: [Int: @Sendable (Data) throws -> Data] = [:]

  /// Creates migrations for a schema whose current version is `currentVersion`.
  ///
  /// - Parameter currentVersion: The version this build writes, 1 or more.
  public init(currentVersion: Int) {
    self.currentVersion = currentVersion
  }

  /// Adds the step from `version` to `version + 1`.
  ///
  /// - Parameters:
  ///   - version: The version the step reads.
  ///   - transform: Turns a value of the old shape into the next shape.
  /// - Returns: These migrations with the step added.
  public func step<Old: Decodable & Sendable, New: Encodable & Sendable>(
    from version: Int, _ transform: @escaping @Sendable (Old) throws -> New
  ) -> Migrations {
    var copy = self
    copy.steps[version] = { data in
      try JSONEncoder().encode(transform(try JSONDecoder().decode(Old.self, from: data)))
    }
    return copy
  }

  /// Decodes stored bytes of any known version into the current shape.
  ///
  /// - Parameters:
  ///   - data: An envelope, or a bare value (version 1).
  ///   - key: The key, for errors.
  ///   - location: Where the bytes live, for errors.
  /// - Returns: The value in the current shape.
  /// - Throws: ``PersistenceError/unsupportedVersion(key:path:found:supported:)``
  ///   for a newer version or a missing step; ``PersistenceError/corrupted(key:path:underlying:)``
  ///   when the bytes or a step fail.
  public func decode(_ data: Data, forKey key: String, location: String) throws(PersistenceError)
    -> Value
  {
    do {
      var (version, payload) = try Self.unwrap(data)
      guard version <= currentVersion else {
        throw PersistenceError.unsupportedVersion(
          key: key, path: location, found: version, supported: currentVersion)
      }
      while version < currentVersion {
        guard let step = steps[version] else {
          throw PersistenceError.unsupportedVersion(
            key: key, path: location, found: version, supported: currentVersion)
        }
        payload = try step(payload)
        version += 1
      }
      return try JSONDecoder().decode(Value.self, from: payload)
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .corrupted(key: key, path: location, underlying: error)
    }
  }

  /// Splits an envelope into its version and the JSON of its value.
  private static func unwrap(_ data: Data) throws -> (Int, Data) {
    let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    guard let envelope = object as? [String: Any], envelope.count == 2,
      let version = envelope["version"] as? Int, let value = envelope["value"]
    else { return (1, data) }
    let payload = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
    return (version, payload)
  }
}

extension KeyValueStore {
  /// The value for `key` in the current shape, migrating an older stored version.
  ///
  /// Reading never rewrites the file; the upgraded value is stored on the next
  /// ``set(_:forKey:migrations:)``.
  ///
  /// - Parameters:
  ///   - key: A valid key.
  ///   - migrations: The schema's steps and current version.
  /// - Returns: The value, or `nil` when nothing is stored.
  /// - Throws: ``PersistenceError``.
  public func value<Value>(forKey key: String, migrations: Migrations<Value>) throws -> Value? {
    guard let data = try data(forKey: key) else { return nil }
    return try migrations.decode(data, forKey: key, location: location(forKey: key))
  }

  /// Stores `value` in an envelope with the current schema version.
  ///
  /// - Parameters:
  ///   - value: The value in the current shape.
  ///   - key: A valid key.
  ///   - migrations: The schema; supplies the version.
  /// - Throws: ``PersistenceError``.
  public func set<Value>(_ value: Value, forKey key: String, migrations: Migrations<Value>) throws {
    try set(Versioned(version: migrations.currentVersion, value: value), forKey: key)
  }
}
