public import Foundation

/// A store that keeps one human-readable JSON file per key in a folder.
///
/// The default store of the Linux apps. For a key `todos` the value lives in
/// `<directory>/todos.json`, pretty-printed with sorted keys, so a person can read
/// and diff it.
///
/// - **Durable:** a write goes to a temporary file in the same folder (created
///   `O_EXCL`, mode 0600), is fsynced, renamed over the old file, and the folder is
///   fsynced. After `set` returns, the value survives a crash or power loss; a
///   crash during `set` leaves the old value or the new one, never a mix.
/// - **Safe across processes:** writes and ``updateData(forKey:_:)`` hold an
///   exclusive `flock` on `<directory>/.lock`, so concurrent processes never lose
///   each other's changes. Waiting for the lock longer than `lockTimeout` throws
///   ``PersistenceError/lockTimeout(path:timeout:)`` rather than hanging. Reads take
///   no lock: a rename is atomic.
/// - **Private:** files are created 0600 and missing folders 0700.
/// - **Never resets data:** a file that does not decode throws
///   ``PersistenceError/corrupted(key:path:underlying:)`` and is left byte for byte.
///
/// A writer killed mid-write leaves a hidden `.<key>.json.tmp-…` file; the first
/// write through a new store on the folder removes such leftovers.
///
/// Observers (``dataChanges(forKey:)``) see writes made through any
/// `FileKeyValueStore` on the same folder in this process, not other processes'.
///
/// ```swift
/// let store = FileKeyValueStore(directory: XDGDirectories().data(app: "todo"))
/// try store.set(["milk", "eggs"], forKey: "groceries")
/// ```
public struct FileKeyValueStore: KeyValueStore {
  /// The folder holding the files.
  public let directory: URL
  /// How long a write waits for another process's lock before failing.
  public let lockTimeout: Duration

  private let directoryPath: String
  private let observers: StoreObservers
  private let sweptTemporaryFiles = Locked(false)

  /// Creates a store on `directory`; the folder is created on the first write.
  ///
  /// - Parameters:
  ///   - directory: The folder for the files, e.g. `XDGDirectories().data(app: "todo")`.
  ///   - lockTimeout: How long to wait for another process's lock; 5 s by default.
  public init(directory: URL, lockTimeout: Duration = .seconds(5)) {
    self.directory = directory.standardizedFileURL
    self.lockTimeout = lockTimeout
    var path = self.directory.path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    directoryPath = path
    observers = Self.sharedObservers(for: path)
  }

  /// The file that holds the value for `key`.
  ///
  /// - Parameter key: A valid key.
  /// - Returns: `<directory>/<key>.json`.
  /// - Throws: ``PersistenceError/invalidKey(key:reason:)``.
  public func fileURL(forKey key: String) throws -> URL {
    try StoreKeyRules.validate(key)
    return directory.appendingPathComponent(key + ".json", isDirectory: false)
  }

  public func location(forKey key: String) -> String { path(forKey: key) }

  // MARK: - Reading

  public func data(forKey key: String) throws -> Data? {
    try StoreKeyRules.validate(key)
    return try read(key)
  }

  public func keys() throws -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directoryPath)
    } catch CocoaError.fileReadNoSuchFile {
      return []
    } catch {
      throw PersistenceError.cannotRead(key: "*", path: directoryPath, underlying: error)
    }
    return names.compactMap { name -> String? in
      guard name.hasSuffix(".json") else { return nil }
      let key = String(name.dropLast(5))
      return StoreKeyRules.isValid(key) ? key : nil
    }.sorted()
  }

  // MARK: - Writing

  public func setData(_ data: Data, forKey key: String) throws {
    try StoreKeyRules.validate(key)
    try withLock {
      try write(data, forKey: key)
      observers.notify(data, forKey: key)
    }
  }

  public func removeValue(forKey key: String) throws {
    try StoreKeyRules.validate(key)
    try withLock {
      let removed: Bool
      do {
        removed = try POSIXFile.remove(path(forKey: key))
        if removed { try POSIXFile.syncDirectory(directoryPath) }
      } catch {
        throw PersistenceError.cannotWrite(key: key, path: path(forKey: key), underlying: error)
      }
      if removed { observers.notify(nil, forKey: key) }
    }
  }

  public func updateData<Result>(
    forKey key: String, _ body: (inout Data?) throws -> Result
  ) throws -> Result {
    try StoreKeyRules.validate(key)
    return try withLock {
      let old = try read(key)
      var data = old
      let result = try body(&data)
      guard data != old else { return result }
      if let data {
        try write(data, forKey: key)
      } else {
        do {
          _ = try POSIXFile.remove(path(forKey: key))
          try POSIXFile.syncDirectory(directoryPath)
        } catch {
          throw PersistenceError.cannotWrite(key: key, path: path(forKey: key), underlying: error)
        }
      }
      observers.notify(data, forKey: key)
      return result
    }
  }

  public func dataChanges(forKey key: String) -> AsyncStream<Data?> {
    observers.stream(forKey: key)
  }

  // MARK: - Helpers

  private func path(forKey key: String) -> String { directoryPath + "/" + key + ".json" }

  private func read(_ key: String) throws(PersistenceError) -> Data? {
    do {
      return try POSIXFile.read(path(forKey: key))
    } catch {
      throw .cannotRead(key: key, path: path(forKey: key), underlying: error)
    }
  }

  private func write(_ data: Data, forKey key: String) throws(PersistenceError) {
    do {
      try POSIXFile.writeAtomically(data, to: path(forKey: key), in: directoryPath)
    } catch {
      throw .cannotWrite(key: key, path: path(forKey: key), underlying: error)
    }
  }

  /// Creates the folder if needed and runs `body` under the folder's lock.
  private func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      try POSIXFile.makeDirectories(directoryPath)
    } catch {
      throw PersistenceError.cannotCreateFolder(path: directoryPath, underlying: error)
    }
    let lockPath = directoryPath + "/.lock"
    do {
      return try POSIXFile.withExclusiveLock(at: lockPath, timeout: lockTimeout) {
        removeStaleTemporaryFiles()
        return try body()
      }
    } catch is POSIXFile.LockTimedOut {
      throw PersistenceError.lockTimeout(path: lockPath, timeout: lockTimeout)
    } catch let error as SystemCallError {
      throw PersistenceError.cannotWrite(key: ".lock", path: lockPath, underlying: error)
    }
  }

  /// Removes temporary files left by a writer that died mid-write, once per store.
  ///
  /// Runs under the lock: every live writer holds it while its temporary file
  /// exists, so any temporary file seen here is stale.
  private func removeStaleTemporaryFiles() {
    let isFirst = sweptTemporaryFiles.withLock { swept in
      defer { swept = true }
      return !swept
    }
    guard isFirst, let names = try? FileManager.default.contentsOfDirectory(atPath: directoryPath)
    else { return }
    for name in names where name.hasPrefix(".") && name.contains(".json.tmp-") {
      _ = try? POSIXFile.remove(directoryPath + "/" + name)
    }
  }

  // MARK: - Observers shared per folder

  private static let observersByFolder = Locked<[String: StoreObservers]>([:])

  private static func sharedObservers(for path: String) -> StoreObservers {
    observersByFolder.withLock { table in
      if let observers = table[path] { return observers }
      let observers = StoreObservers()
      table[path] = observers
      return observers
    }
  }
}
