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
/// <!-- doc-test: context
/// let store = InMemoryKeyValueStore()
/// -->
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
  private var steps: [Int: MigrationStep] = [:]

  /// Creates migrations for a schema whose current version is `currentVersion`.
  ///
  /// - Parameter currentVersion: The version this build writes, 1 or more.
  public init(currentVersion: Int) {
    self.currentVersion = currentVersion
  }

  /// Adds the step from `version` to `version + 1`.
  ///
  /// The stored bytes are read once, with Core's strict decoder, straight into
  /// `Old`; each step's result is handed to the next step as it is when that step
  /// reads the same type (the usual chain), so a migrating read costs about what
  /// a current-format read of the same items does (Docs/Benchmarks.md).
  ///
  /// - Parameters:
  ///   - version: The version the step reads.
  ///   - transform: Turns a value of the old shape into the next shape.
  /// - Returns: These migrations with the step added.
  public func step<Old: Decodable & Sendable, New: Encodable & Sendable>(
    from version: Int, _ transform: @escaping @Sendable (Old) throws -> New
  ) -> Migrations {
    var copy = self
    copy.steps[version] = MigrationStep(
      decode: { decoder in try Old(from: decoder) },
      run: { input in try transform(try MigrationStep.cast(input, to: Old.self)) })
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
      // One pass over the bytes for every version: the envelope decodes the
      // current value, or the older one straight into its step's type.
      var userInfo: [CodingUserInfoKey: any Sendable] = [:]
      if let key = EnvelopeInfo.currentVersion { userInfo[key] = currentVersion }
      if let key = EnvelopeInfo.steps { userInfo[key] = steps }
      switch try StrictJSON.decode(Envelope<Value>.self, from: data, userInfo: userInfo) {
      case .current(let value):
        return value
      case .newer(let version):
        throw PersistenceError.unsupportedVersion(
          key: key, path: location, found: version, supported: currentVersion)
      case .older(let version, let old):
        return try migrate(old, from: version, forKey: key, location: location)
      }
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .corrupted(key: key, path: location, underlying: error)
    }
  }

  /// Runs the steps from `version` on `old` (nil when there is no step for it).
  private func migrate(
    _ old: (any Sendable)?, from version: Int, forKey key: String, location: String
  ) throws -> Value {
    guard var value = old else {
      throw PersistenceError.unsupportedVersion(
        key: key, path: location, found: version, supported: currentVersion)
    }
    for from in version..<currentVersion {
      guard let step = steps[from] else {
        throw PersistenceError.unsupportedVersion(
          key: key, path: location, found: from, supported: currentVersion)
      }
      value = try step.run(value)
    }
    return try MigrationStep.cast(value, to: Value.self)
  }
}

/// One registered step: how to read its old shape, and how to turn it into the next.
private struct MigrationStep: Sendable {
  /// Decodes the step's old shape.
  let decode: @Sendable (any Decoder) throws -> any Sendable
  /// Turns the old shape (or a value that encodes as it) into the next shape.
  let run: @Sendable (any Sendable) throws -> any Sendable

  /// `value` as `Type`: itself when it is one, else encoded with Core's encoder and
  /// decoded as `Type` (a step whose result is not the next step's own type).
  static func cast<Type: Decodable>(_ value: any Sendable, to type: Type.Type) throws -> Type {
    if let value = value as? Type { return value }
    guard let encodable = value as? any Encodable else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "a migration step's result cannot be encoded"))
    }
    return try StrictJSON.decode(type, from: StrictJSON.encode(encodable))
  }
}

/// Where ``Migrations/decode(_:forKey:location:)`` tells the envelope the current
/// version and the steps.
private enum EnvelopeInfo {
  static let currentVersion = CodingUserInfoKey(rawValue: "blueprint.currentVersion")
  static let steps = CodingUserInfoKey(rawValue: "blueprint.migrationSteps")
}

/// What stored bytes hold, decoded in one pass: the current version's value, a
/// newer version, or an older version's value in the shape its step reads (nil
/// when no step reads it).
private enum Envelope<Value: Decodable>: Decodable {
  /// An envelope of the current version, and its value.
  case current(Value)
  /// An envelope of a newer version than this build reads.
  case newer(Int)
  /// An older version (a bare value counts as 1) and its value, as its step reads it.
  case older(Int, (any Sendable)?)

  private enum Key: String, CodingKey, CaseIterable {
    case version, value
  }

  init(from decoder: any Decoder) throws {
    let current = EnvelopeInfo.currentVersion.flatMap { decoder.userInfo[$0] as? Int } ?? 1
    let steps =
      EnvelopeInfo.steps.flatMap { decoder.userInfo[$0] as? [Int: MigrationStep] } ?? [:]
    // An object of exactly `value` and `version` is an envelope; a `version` that is
    // no whole number (1e308, "2") is damage to it, reported at `version`.
    // The strict container refuses an object with a third key, and lists no keys to
    // count them (a dynamic cast per key type under `container(keyedBy:)`).
    guard let container = try? decoder.strictContainer(keyedBy: Key.self),
      container.contains(.value), container.contains(.version)
    else {
      // A value from before versioning: version 1.
      if current == 1 {
        self = .current(try Value(from: decoder))
      } else {
        self = .older(1, try steps[1].map { try $0.decode(decoder) })
      }
      return
    }
    let version = try container.decode(Int.self, forKey: .version)
    guard version >= 1 else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription: "schema version \(version); versions start at 1")
    }
    if version == current {
      self = .current(try container.decode(Value.self, forKey: .value))
    } else if version > current {
      self = .newer(version)
    } else {
      let value = try container.superDecoder(forKey: .value)
      self = .older(version, try steps[version].map { try $0.decode(value) })
    }
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

  /// Reads, changes and writes the value for `key` as one transaction, migrating
  /// an older stored version and writing the current one.
  ///
  /// <!-- doc-test: context
  /// let store = InMemoryKeyValueStore()
  /// struct Todo: Codable, Sendable { var title: String; var done: Bool }
  /// let migrations = Migrations<[Todo]>(currentVersion: 1)
  /// -->
  /// ```swift
  /// try store.update(forKey: "todos", migrations: migrations) { todos in
  ///   todos = (todos ?? []) + [Todo(title: "milk", done: false)]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: A valid key.
  ///   - migrations: The schema's steps and current version.
  ///   - body: Receives the value (`nil` when nothing is stored) and may change it;
  ///     setting it to `nil` removes it.
  /// - Returns: What `body` returns.
  /// - Throws: ``PersistenceError`` (a corrupt or newer value is never replaced),
  ///   or what `body` throws (then nothing is written).
  public func update<Value, Result>(
    forKey key: String, migrations: Migrations<Value>, _ body: (inout Value?) throws -> Result
  ) throws -> Result {
    let path = location(forKey: key)
    return try updateDecoded(forKey: key) { data throws(PersistenceError) in
      try migrations.decode(data, forKey: key, location: path)
    } _: { stored in
      var value = stored
      let result = try body(&value)
      let data = try value.map { value throws(PersistenceError) in
        try StoreCoding.encode(
          Versioned(version: migrations.currentVersion, value: value), forKey: key,
          limit: writtenSizeLimit)
      }
      return (data, result)
    }
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
