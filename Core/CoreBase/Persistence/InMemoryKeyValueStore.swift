public import Foundation

/// A thread-safe store that keeps values in memory, for tests and previews.
///
/// It validates keys and encodes values exactly like ``FileKeyValueStore``, so a
/// test that passes against it exercises the same rules.
public final class InMemoryKeyValueStore: KeyValueStore {
  private let storage: Locked<[String: Data]>
  private let observers = StoreObservers()

  /// Creates a store holding `contents` (raw JSON bytes by key).
  ///
  /// - Parameter contents: Initial bytes by key; use ``set(_:forKey:)-(_,String)`` for values.
  public init(contents: [String: Data] = [:]) {
    storage = Locked(contents)
  }

  public func data(forKey key: String) throws -> Data? {
    try StoreKeyRules.validate(key)
    return storage.withLock { $0[key] }
  }

  public func setData(_ data: Data, forKey key: String) throws {
    try StoreKeyRules.validate(key)
    storage.withLock { storage in
      storage[key] = data
      observers.notify(data, forKey: key)
    }
  }

  public func removeValue(forKey key: String) throws {
    try StoreKeyRules.validate(key)
    storage.withLock { storage in
      guard storage.removeValue(forKey: key) != nil else { return }
      observers.notify(nil, forKey: key)
    }
  }

  public func keys() throws -> [String] {
    storage.withLock { $0.keys.sorted() }
  }

  public func updateData<Result>(
    forKey key: String, _ body: (inout Data?) throws -> Result
  ) throws -> Result {
    try StoreKeyRules.validate(key)
    return try storage.withLock { storage in
      let old = storage[key]
      var data = old
      let result = try body(&data)
      if data != old {
        storage[key] = data
        observers.notify(data, forKey: key)
      }
      return result
    }
  }

  public func dataChanges(forKey key: String) -> AsyncStream<Data?> {
    observers.stream(forKey: key)
  }

  public func location(forKey key: String) -> String { "memory:\(key)" }
}
