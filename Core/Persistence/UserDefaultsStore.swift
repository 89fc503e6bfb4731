public import Foundation

/// A store backed by `UserDefaults(suiteName:)`.
///
/// Use it on Apple platforms, where defaults are the native place for
/// preferences. Values are stored as JSON bytes, one defaults key per store key.
/// Every write is followed by `synchronize()`: on Linux nothing is saved at exit
/// otherwise.
///
/// > Important: On Linux the suite is one property list
/// > (`$XDG_CONFIG_HOME/<suite>.plist`) rewritten in place, without a lock:
/// > two processes writing at once lose each other's keys, and a damaged file is
/// > read as empty. ``updateData(forKey:_:)`` is a transaction only within this
/// > process. Use ``FileKeyValueStore`` when several processes share the data.
public final class UserDefaultsStore: KeyValueStore {
  /// The suite the values live in.
  public let suiteName: String

  // Safe: UserDefaults is documented thread-safe; corelibs guards it with a lock.
  nonisolated(unsafe) private let defaults: UserDefaults
  private let transaction = Locked(())
  private let observers = StoreObservers()

  /// Opens the defaults suite `suiteName`.
  ///
  /// - Parameter suiteName: A reverse-DNS name such as `dev.blueprint.settings`;
  ///   `nil` is returned for names `UserDefaults` rejects (e.g. the global domain).
  public init?(suiteName: String) {
    guard let defaults = UserDefaults(suiteName: suiteName) else { return nil }
    self.suiteName = suiteName
    self.defaults = defaults
  }

  public func data(forKey key: String) throws -> Data? {
    try StoreKeyRules.validate(key)
    return try read(key)
  }

  public func setData(_ data: Data, forKey key: String) throws {
    try StoreKeyRules.validate(key)
    try transaction.withLock { _ in
      try write(data, forKey: key)
    }
  }

  public func removeValue(forKey key: String) throws {
    try StoreKeyRules.validate(key)
    try transaction.withLock { _ in
      guard defaults.object(forKey: key) != nil else { return }
      try write(nil, forKey: key)
    }
  }

  public func keys() throws -> [String] {
    let domain = defaults.persistentDomain(forName: suiteName) ?? [:]
    return domain.keys.filter(StoreKeyRules.isValid).sorted()
  }

  public func updateData<Result>(
    forKey key: String, _ body: (inout Data?) throws -> Result
  ) throws -> Result {
    try StoreKeyRules.validate(key)
    return try transaction.withLock { _ in
      let old = try read(key)
      var data = old
      let result = try body(&data)
      if data != old { try write(data, forKey: key) }
      return result
    }
  }

  public func dataChanges(forKey key: String) -> AsyncStream<Data?> {
    observers.stream(forKey: key)
  }

  public func location(forKey key: String) -> String { "defaults \(suiteName): \(key)" }

  private func read(_ key: String) throws(PersistenceError) -> Data? {
    guard let object = defaults.object(forKey: key) else { return nil }
    guard let data = object as? Data else {
      throw .corrupted(
        key: key, path: location(forKey: key), underlying: NotData(found: "\(type(of: object))"))
    }
    return data
  }

  private func write(_ data: Data?, forKey key: String) throws(PersistenceError) {
    if let data { defaults.set(data, forKey: key) } else { defaults.removeObject(forKey: key) }
    guard defaults.synchronize() else {
      throw .cannotWrite(key: key, path: location(forKey: key), underlying: SynchronizeFailed())
    }
    observers.notify(data, forKey: key)
  }

  private struct NotData: Error, CustomStringConvertible {
    var found: String
    var description: String { "expected JSON bytes, found \(found)" }
  }

  private struct SynchronizeFailed: Error, CustomStringConvertible {
    var description: String { "UserDefaults.synchronize() failed" }
  }
}
