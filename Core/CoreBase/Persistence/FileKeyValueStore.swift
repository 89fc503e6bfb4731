public import Foundation

/// A store that keeps one human-readable JSON file per key in a folder.
///
/// The default store of the Linux apps. For a key `todos` the value lives in
/// `<directory>/todos.json`, pretty-printed with sorted keys, so a person can read
/// and diff it.
///
/// - **Durable:** a write goes to a new temporary file beside the file (created
///   `O_EXCL | O_NOFOLLOW`, mode 0600), is fsynced, renamed over the old file, and
///   the folder is fsynced. After `set` returns, the value survives a crash or
///   power loss; a crash during `set` leaves the old value or the new one, never a mix.
/// - **Reads are whole:** no file is ever written into once it has a name, so a
///   reader — this store's, or any program that has the file open — reads the whole
///   version it opened, never one half written or not committed.
/// - **Safe across processes:** writes and ``updateData(forKey:_:)`` hold an
///   exclusive `flock` on the folder itself (no lock file in it). Waiting is fair —
///   writers queue first come, first served (on Linux) and block rather than poll —
///   and longer than `lockTimeout` throws ``PersistenceError/lockTimeout(path:timeout:)``
///   rather than hanging. The queue is a small hidden file, `.writers-queue`, in the
///   folder itself, there only while writers wait (the last one out removes it): so
///   every process writing to the folder shares it whatever its environment, and the
///   store writes in no folder but its own. Reads take no lock: a rename is atomic.
/// - **Private:** files are created 0600 and missing folders 0700, whatever the
///   umask. A folder that another user owns or can write to is refused
///   (``PersistenceError/unsafeFolder(path:reason:fix:)``), as OpenSSH refuses `~/.ssh`.
/// - **Never hangs, never reads without bound:** only regular files are read,
///   opened without blocking (a FIFO where a file should be is an error, not a
///   hang), and at most `maximumFileSize` bytes.
/// - **Never resets data:** a file that does not decode throws
///   ``PersistenceError/corrupted(key:path:underlying:)`` and is left byte for byte.
///   Each ``updateData(forKey:_:)`` keeps the value it replaced as
///   `<key>.json.last-good`, which the error's ``PersistenceError/hint`` names; a
///   write that fails or is killed leaves both files as they were.
/// - **Links are kept:** when `<key>.json` is a symbolic link (a dotfiles setup),
///   writes replace the link's target, beside the target, and the link stays.
///
/// A writer killed mid-write leaves a hidden `.<key>.json.tmp-…` file; the first
/// write through a new store on the folder removes such leftovers.
///
/// **Live:** observers (``dataChanges(forKey:)``, `changes(forKey:)`) see the commits
/// of every process: a write through any `FileKeyValueStore` on the same folder in this
/// process at once, and another process's once the system says the folder changed —
/// inotify on Linux, a Dispatch file-system source on Apple platforms. Each observer
/// gets committed values only (a commit is a rename: a half-written file is never
/// read), in commit order; values committed faster than it reads are coalesced to the
/// latest. Nothing watches until the first observer subscribes, and nothing runs while
/// nothing changes. Where the system cannot watch (no inotify instance or watch left, a
/// network file system) the store says so once (``watchReports()``) and checks the
/// watched files with `stat` every ``pollingInterval`` instead.
///
/// <!-- doc-test: context
/// let identity = AppIdentity(name: "chores", version: "1.0.0")
/// -->
/// ```swift
/// let store = FileKeyValueStore(directory: XDGDirectories(identity: identity).data(app: "chores"))
/// try store.set(["milk", "eggs"], forKey: "groceries")
/// ```
public struct FileKeyValueStore: KeyValueStore {
  /// The folder holding the files.
  public let directory: URL
  /// How long a write waits for another process's lock before failing.
  public let lockTimeout: Duration
  /// The largest file the store reads, in bytes; a larger one is refused, and a
  /// larger value is never written (``PersistenceError/cannotWrite(key:path:underlying:)``,
  /// the old value kept).
  public let maximumFileSize: Int
  /// The size above which a typed write (`set`, `update`) drops the pretty-printing
  /// and writes the same JSON value compactly, about half the bytes: at most
  /// ``maximumFileSize``, which it is by default. A value whose compact text still
  /// passes ``maximumFileSize`` is refused.
  public let compactAbove: Int

  /// The default ``maximumFileSize``: 1 GiB, five times a 200 MB todo list.
  public static let defaultMaximumFileSize = 1 << 30

  /// How often a store that cannot use the system's file events checks its watched
  /// files: one `stat` per watched key each second.
  public static let pollingInterval: Duration = .seconds(1)

  private let directoryPath: String
  private let observers: StoreObservers
  private let sweptTemporaryFiles = Locked(false)
  private let checkedFolder = Locked(false)

  /// Creates a store on `directory`; the folder is created on the first write.
  ///
  /// - Parameters:
  ///   - directory: The folder for the files, e.g. `XDGDirectories(identity: identity)
  ///     .data(app: identity.name)`.
  ///   - lockTimeout: How long to wait for another process's lock; 10 s by default.
  ///   - maximumFileSize: The largest file to read, in bytes; 1 GiB by default.
  ///   - compactAbove: The size above which typed writes are compact; by default
  ///     `maximumFileSize`, so that a value written pretty-printed would pass the
  ///     limit is written compactly instead of refused.
  public init(
    directory: URL, lockTimeout: Duration = .seconds(10),
    maximumFileSize: Int = defaultMaximumFileSize, compactAbove: Int? = nil
  ) {
    self.directory = directory.standardizedFileURL
    self.lockTimeout = lockTimeout
    self.maximumFileSize = max(0, maximumFileSize)
    self.compactAbove = min(self.maximumFileSize, max(0, compactAbove ?? maximumFileSize))
    var path = self.directory.path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    directoryPath = path
    observers = Self.sharedObservers(for: path, readLimit: self.maximumFileSize)
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

  /// Where the version a file held before its last change is kept, if there is one.
  ///
  /// - Parameter path: A store file's path (or a link to it).
  /// - Returns: `<target>.last-good` when that file exists, else `nil`.
  public static func lastGoodPath(for path: String) -> String? {
    guard let target = try? POSIXFile.resolvingSymbolicLinks(path) else { return nil }
    let lastGood = target + POSIXFile.lastGoodSuffix
    return FileManager.default.fileExists(atPath: lastGood) ? lastGood : nil
  }

  // MARK: - Reading

  public func data(forKey key: String) throws -> Data? {
    try StoreKeyRules.validate(key)
    guard FileManager.default.fileExists(atPath: directoryPath) else { return nil }
    try checkFolder()
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
    try checkFolder()
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
      try write(data, forKey: key, keepsPrevious: false)
      observers.notify(data, forKey: key)
    }
  }

  /// Writes as ``setData(_:forKey:)`` does, atomically under the lock, without the
  /// `fsync` of the file and the folder.
  public func setDataWithoutFlush(_ data: Data, forKey key: String) throws {
    try StoreKeyRules.validate(key)
    try withLock {
      try write(data, forKey: key, keepsPrevious: false, durable: false)
      observers.notify(data, forKey: key)
    }
  }

  public func removeValue(forKey key: String) throws {
    try StoreKeyRules.validate(key)
    try withLock {
      if try remove(key) { observers.notify(nil, forKey: key) }
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
        // `body` read and accepted the old value: keep it as the last good one.
        try write(data, forKey: key, keepsPrevious: old != nil)
      } else {
        _ = try remove(key)
      }
      observers.notify(data, forKey: key)
      return result
    }
  }

  /// The new bytes for `key` after each commit, by this process or another; `nil`
  /// after a removal.
  ///
  /// The first stream on a folder starts watching it; the folder is watched until the
  /// last stream ends. The watch is in place when this returns: no commit made after it
  /// is missed.
  ///
  /// - Parameter key: The key to watch.
  /// - Returns: A stream of changes, starting with the next one.
  public func dataChanges(forKey key: String) -> AsyncStream<Data?> {
    observers.stream(forKey: key)
  }

  /// What the folder's watcher says: that it checks with `stat` because the system
  /// cannot watch (said once, and first to every later stream), that it read every
  /// watched key again after the system dropped events, or that a watched file could
  /// not be read. Show it on a status line.
  ///
  /// - Returns: The reports from now on.
  public func watchReports() -> AsyncStream<StoreWatchReport> { observers.reports() }

  /// Whether the folder is being watched in this process (something observes it).
  package var isWatching: Bool { observers.isWatching }

  /// Runs `body` with the folder's events held back, then handles them (tests).
  package func withWatchingSuspended(_ body: () throws -> Void) rethrows {
    try observers.withWatchingSuspended(body)
  }

  // MARK: - Helpers

  private func path(forKey key: String) -> String { directoryPath + "/" + key + ".json" }

  private func read(_ key: String) throws(PersistenceError) -> Data? {
    do {
      return try POSIXFile.read(path(forKey: key), limit: maximumFileSize)
    } catch {
      throw .cannotRead(key: key, path: path(forKey: key), underlying: error)
    }
  }

  private func write(_ data: Data, forKey key: String, keepsPrevious: Bool, durable: Bool = true)
    throws(PersistenceError)
  {
    guard data.count <= maximumFileSize else {
      throw .cannotWrite(
        key: key, path: path(forKey: key),
        underlying: StoreFileProblem.wouldBeTooLarge(
          path: path(forKey: key), size: data.count, limit: maximumFileSize))
    }
    do {
      try POSIXFile.writeAtomically(
        data, to: path(forKey: key), keepsPrevious: keepsPrevious, durable: durable)
    } catch {
      // Written all the same (a step after the commit failed): observers see it.
      if (error as? StoreFileProblem)?.isNewValueInPlace == true {
        observers.notify(data, forKey: key)
      }
      throw .cannotWrite(key: key, path: path(forKey: key), underlying: error)
    }
  }

  private func remove(_ key: String) throws(PersistenceError) -> Bool {
    do {
      let removed = try POSIXFile.remove(path(forKey: key))
      if removed { try POSIXFile.syncDirectory(directoryPath) }
      return removed
    } catch {
      throw .cannotWrite(key: key, path: path(forKey: key), underlying: error)
    }
  }

  /// Refuses a folder another user can change; checked once per store.
  private func checkFolder() throws(PersistenceError) {
    guard !checkedFolder.withLock({ $0 }) else { return }
    do {
      try FolderSafety.check(directoryPath)
    } catch let problem as FolderSafety.Problem {
      throw .unsafeFolder(path: problem.path, reason: problem.reason, fix: problem.fix)
    } catch {
      throw .cannotRead(key: "*", path: directoryPath, underlying: error)
    }
    checkedFolder.withLock { $0 = true }
  }

  /// Creates the folder if needed, checks it, and runs `body` under its lock.
  private func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      try POSIXFile.makeDirectories(directoryPath)
    } catch {
      throw PersistenceError.cannotCreateFolder(path: directoryPath, underlying: error)
    }
    try checkFolder()
    do {
      return try FolderLock.withExclusiveLock(
        onFolder: directoryPath, timeout: lockTimeout
      ) {
        removeStaleTemporaryFiles()
        return try body()
      }
    } catch is FolderLock.TimedOut {
      throw PersistenceError.lockTimeout(path: directoryPath, timeout: lockTimeout)
    } catch let error as SystemCallError {
      throw PersistenceError.cannotWrite(key: "*", path: directoryPath, underlying: error)
    }
  }

  /// Removes temporary files left by a writer that died mid-write, and the `.lock`
  /// file earlier versions kept in the folder, once per store.
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
    for name in names where name == ".lock" || (name.hasPrefix(".") && name.contains(".json.tmp-"))
    {
      _ = try? POSIXFile.removeEntry(directoryPath + "/" + name)
    }
  }

  // MARK: - Observers shared per folder

  private static let observersByFolder = Locked<[String: StoreObservers]>([:])

  private static func sharedObservers(for path: String, readLimit: Int) -> StoreObservers {
    observersByFolder.withLock { table in
      if let observers = table[path] { return observers }
      let observers = StoreObservers(
        watchingFolder: path, readLimit: readLimit, interval: pollingInterval)
      table[path] = observers
      return observers
    }
  }
}
