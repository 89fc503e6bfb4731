public import Foundation

/// A store of Codable values by string key: read, write, remove, list, and
/// read-modify-write transactions.
///
/// The API is synchronous and throws ``PersistenceError``: stores are small and
/// local, and command-line apps call them directly. Three stores share the same
/// semantics: ``FileKeyValueStore`` (the Linux apps' default),
/// ``UserDefaultsStore`` and ``InMemoryKeyValueStore`` (for tests).
///
/// A conforming type implements the byte-level requirements below; the typed API
/// (`value(forKey:)`, `set(_:forKey:)`, `update(forKey:)`, ``StoreKey``) comes from
/// extensions and encodes values as JSON with sorted keys.
///
/// <!-- doc-test: context
/// let identity = AppIdentity(name: "chores", version: "1.0.0")
/// -->
/// ```swift
/// let store = FileKeyValueStore(directory: XDGDirectories(identity: identity).data(app: "chores"))
/// let launches = StoreKey("launches", default: 0)
/// let count = try store.update(forKey: launches) { $0 += 1; return $0 }
/// ```
public protocol KeyValueStore: Sendable {
  /// The stored bytes for `key`, or `nil` when nothing is stored.
  ///
  /// - Parameter key: A valid key.
  /// - Returns: The bytes written by the last `setData`, or `nil`.
  /// - Throws: ``PersistenceError``.
  func data(forKey key: String) throws -> Data?

  /// Replaces the bytes stored for `key`.
  ///
  /// - Parameters:
  ///   - data: The new bytes (JSON for the typed API).
  ///   - key: A valid key.
  /// - Throws: ``PersistenceError``; on error the previous value is still in place.
  func setData(_ data: Data, forKey key: String) throws

  /// Replaces the bytes stored for `key` as ``setData(_:forKey:)`` does, but may skip
  /// flushing them to disk: the replacement is still whole or not at all, and survives
  /// the process being killed, but after a crash or a power loss the previous value
  /// may be back. For what is cheap to lose (the time something last ran). The
  /// default is ``setData(_:forKey:)``; ``FileKeyValueStore`` skips its `fsync`s.
  ///
  /// - Parameters:
  ///   - data: The new bytes.
  ///   - key: A valid key.
  /// - Throws: ``PersistenceError``; on error the previous value is still in place.
  func setDataWithoutFlush(_ data: Data, forKey key: String) throws

  /// Removes the value for `key`; removing a missing value is not an error.
  ///
  /// - Parameter key: A valid key.
  /// - Throws: ``PersistenceError``.
  func removeValue(forKey key: String) throws

  /// Every key that has a value, sorted.
  ///
  /// - Returns: The keys.
  /// - Throws: ``PersistenceError``.
  func keys() throws -> [String]

  /// Reads, changes and writes the bytes for `key` as one transaction.
  ///
  /// No other writer — in this process or, for the file store, in another — can
  /// change the value between the read and the write. Setting the bytes to `nil`
  /// removes the value; leaving them unchanged writes nothing. `body` must not use
  /// the same store.
  ///
  /// - Parameters:
  ///   - key: A valid key.
  ///   - body: Receives the current bytes (or `nil`) and may replace them.
  /// - Returns: What `body` returns.
  /// - Throws: ``PersistenceError``, or what `body` throws (then nothing is written).
  func updateData<Result>(forKey key: String, _ body: (inout Data?) throws -> Result) throws
    -> Result

  /// The new bytes for `key` after each change; `nil` after a removal.
  ///
  /// Every store sees the changes made through it in this process;
  /// ``FileKeyValueStore`` also sees other processes' commits (it watches its folder
  /// while anyone observes). Each call returns a new stream; it ends when the consumer
  /// stops iterating.
  ///
  /// - Parameter key: The key to watch.
  /// - Returns: A stream of changes, starting with the next one.
  func dataChanges(forKey key: String) -> AsyncStream<Data?>

  /// Where the value for `key` lives, for messages: a file path or a description.
  ///
  /// - Parameter key: The key.
  /// - Returns: e.g. `/home/me/.local/share/chores/chores/items.json`.
  func location(forKey key: String) -> String
}

extension KeyValueStore {
  /// Durable anyway: ``setData(_:forKey:)``.
  public func setDataWithoutFlush(_ data: Data, forKey key: String) throws {
    try setData(data, forKey: key)
  }
}
