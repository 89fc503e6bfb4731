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
  // Nil when UserDefaults rejected the suite name; every call then throws.
  nonisolated(unsafe) private let suite: UserDefaults?
  private let transaction = Locked(())
  // Every read and every write-and-synchronize of the suite, one at a time: on Linux a
  // read while another thread writes can reload the suite from its file and drop the
  // value set but not yet synchronized (typed updates read before their transaction).
  private let access = Locked(())
  private let observers = StoreObservers()

  /// Opens the defaults suite `suiteName`.
  ///
  /// A name `UserDefaults` rejects (such as the global domain) gives a store whose
  /// every call throws ``PersistenceError/cannotRead(key:path:underlying:)`` or
  /// ``PersistenceError/cannotWrite(key:path:underlying:)``; check ``isAvailable`` to
  /// find out at once.
  ///
  /// - Parameter suiteName: A reverse-DNS name such as `com.example.chores`.
  public convenience init(suiteName: String) {
    self.init(suiteName: suiteName, defaults: UserDefaults(suiteName: suiteName))
  }

  /// Creates a store over `defaults`; nil stands for a suite `UserDefaults` rejected.
  ///
  /// For tests: Linux's `UserDefaults` accepts every name, so the rejected path can
  /// only be reached this way there.
  ///
  /// - Parameters:
  ///   - suiteName: The suite's name, for messages.
  ///   - defaults: The suite, or nil.
  package init(suiteName: String, defaults: UserDefaults?) {
    self.suiteName = suiteName
    self.suite = defaults
  }

  /// Whether `UserDefaults` accepted the suite name.
  public var isAvailable: Bool { suite != nil }

  private func defaults(forKey key: String, writing: Bool) throws(PersistenceError) -> UserDefaults
  {
    if let suite { return suite }
    let error = SuiteRejected(suiteName: suiteName)
    if writing { throw .cannotWrite(key: key, path: location(forKey: key), underlying: error) }
    throw .cannotRead(key: key, path: location(forKey: key), underlying: error)
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
      let defaults = try defaults(forKey: key, writing: true)
      guard access.withLock({ _ in defaults.object(forKey: key) }) != nil else { return }
      try write(nil, forKey: key)
    }
  }

  public func keys() throws -> [String] {
    let defaults = try defaults(forKey: "", writing: false)
    let domain = access.withLock { _ in defaults.persistentDomain(forName: suiteName) } ?? [:]
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
    let defaults = try defaults(forKey: key, writing: false)
    guard let object = access.withLock({ _ in defaults.object(forKey: key) }) else {
      return nil
    }
    guard let data = object as? Data else {
      throw .corrupted(
        key: key, path: location(forKey: key), underlying: NotData(found: "\(type(of: object))"))
    }
    return data
  }

  private func write(_ data: Data?, forKey key: String) throws(PersistenceError) {
    let defaults = try defaults(forKey: key, writing: true)
    let synchronized = access.withLock { _ in
      if let data { defaults.set(data, forKey: key) } else { defaults.removeObject(forKey: key) }
      return defaults.synchronize()
    }
    guard synchronized else {
      throw .cannotWrite(key: key, path: location(forKey: key), underlying: SynchronizeFailed())
    }
    observers.notify(data, forKey: key)
  }

  private struct NotData: Error, CustomStringConvertible {
    var found: String
    var description: String { "expected JSON bytes, found \(found)" }
  }

  private struct SuiteRejected: Error, CustomStringConvertible {
    var suiteName: String
    var description: String { "UserDefaults rejected the suite name \"\(suiteName)\"" }
  }

  private struct SynchronizeFailed: Error, CustomStringConvertible {
    var description: String { "UserDefaults.synchronize() failed" }
  }
}
