public import Core
public import Foundation

/// A ``KeyValueStore`` whose Nth write fails as on a full disk, for tests that a
/// program stopped by one loses nothing and finishes at its next run.
///
/// It wraps another store (in memory unless given one: a `FileKeyValueStore` on a
/// temporary folder tests the real files) and counts every write that would change
/// it: a set, a removal, an update that changes the bytes. The failing write throws
/// `PersistenceError.cannotWrite`, as ``FileKeyValueStore`` does on a full disk, caused
/// by `POSIXError(.ENOSPC)`, and changes nothing, as an atomic write does. Reads never
/// fail.
///
/// ```swift
/// let disk = FailingKeyValueStore()
/// disk.failingWrite = 2                  // the second write from now fails
/// try disk.set(1, forKey: "a")
/// #expect(throws: PersistenceError.self) { try disk.set(2, forKey: "a") }
/// ```
public final class FailingKeyValueStore: KeyValueStore {
  /// The store the writes that do not fail go to.
  public let inner: any KeyValueStore
  private struct Counts {
    var writes = 0
    var failing: Int?
  }
  private let counts = Locked(Counts())

  /// A store that writes to `inner` until told to fail.
  ///
  /// - Parameter inner: The store underneath.
  public init(_ inner: any KeyValueStore = InMemoryKeyValueStore()) {
    self.inner = inner
  }

  /// The write that fails, counting from 1 from when it is set; `nil` for none.
  public var failingWrite: Int? {
    get { counts.withLock { counts in counts.failing.map { $0 - counts.writes } } }
    set { counts.withLock { counts in counts.failing = newValue.map { $0 + counts.writes } } }
  }

  /// How many writes were tried so far, the failed one included.
  public var writeCount: Int { counts.withLock { $0.writes } }

  /// Whether `error` is the failure this store throws.
  ///
  /// - Parameter error: A thrown error.
  /// - Returns: `true` for `PersistenceError.cannotWrite` caused by `ENOSPC`.
  public static func isDiskFull(_ error: any Error) -> Bool {
    guard case .cannotWrite(_, _, let underlying) = error as? PersistenceError else {
      return false
    }
    return (underlying as? POSIXError)?.code == .ENOSPC
  }

  /// Counts a write to `key`; throws when it is the failing one.
  private func write(_ key: String) throws {
    let fails = counts.withLock { counts in
      counts.writes += 1
      return counts.writes == counts.failing
    }
    if fails {
      throw PersistenceError.cannotWrite(
        key: key, path: inner.location(forKey: key), underlying: POSIXError(.ENOSPC))
    }
  }

  // MARK: - KeyValueStore

  public func data(forKey key: String) throws -> Data? { try inner.data(forKey: key) }

  public func setData(_ data: Data, forKey key: String) throws {
    try write(key)
    try inner.setData(data, forKey: key)
  }

  public func setDataWithoutFlush(_ data: Data, forKey key: String) throws {
    try write(key)
    try inner.setDataWithoutFlush(data, forKey: key)
  }

  public func removeValue(forKey key: String) throws {
    try write(key)
    try inner.removeValue(forKey: key)
  }

  public func keys() throws -> [String] { try inner.keys() }

  public func updateData<Result>(forKey key: String, _ body: (inout Data?) throws -> Result)
    throws -> Result
  {
    try inner.updateData(forKey: key) { data in
      let before = data
      let result = try body(&data)
      // Thrown from inside the transaction, the failure leaves the value as it was.
      if data != before { try write(key) }
      return result
    }
  }

  public func dataChanges(forKey key: String) -> AsyncStream<Data?> {
    inner.dataChanges(forKey: key)
  }

  public func location(forKey key: String) -> String { inner.location(forKey: key) }
}
