import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watches a store's folder for commits, whoever makes them, and says which keys may
/// have changed; ``StoreObservers`` reads them and sends what changed.
///
/// - **Linux:** one inotify instance watching the folder for a file renamed into it
///   or out of it, written and closed, or deleted (never for a file being written: a
///   commit is a rename, so a half-written file is never read). When the folder does
///   not exist, or is removed, the nearest folder above it is watched until it is
///   back. `IN_Q_OVERFLOW` reads every watched key again.
/// - **Apple platforms:** a Dispatch file-system source on the folder (written,
///   deleted, renamed); each event reads every watched key again.
/// - **Elsewhere, or when the system cannot watch** (no inotify instance or watch
///   left, a network file system): a `stat` of each watched file every
///   ``FileKeyValueStore/pollingInterval``, reported once.
///
/// Nothing runs until something observes: the store creates a watcher for its
/// first observer and stops it after its last.
package final class FolderWatcher: @unchecked Sendable {
  // @unchecked: `state` is locked; the descriptors and sources in it are only changed
  // while it is, and the handlers run on `queue`.

  /// What the watcher tells its owner.
  struct Callbacks: Sendable {
    /// Keys whose file may have changed; `nil`: every watched key.
    var changed: @Sendable (_ keys: Set<String>?) -> Void
    /// The keys watched now (for the `stat` fallback); called from no lock of the
    /// watcher's.
    var watchedKeys: @Sendable () -> [String]
    /// A report for the store's watch reports.
    var report: @Sendable (StoreWatchReport) -> Void
  }

  /// The watch failures tests force, by folder (an `errno` such as `ENOSPC`), as if
  /// the system refused to watch it: so the fallback is tested without exhausting the
  /// user's real inotify limit, which every process of theirs shares.
  package static let simulatedFailures = Locked<[String: Int32]>([:])

  private struct State: @unchecked Sendable {
    var isStopped = false
    var descriptor: Int32 = -1
    var folderWatch: Int32 = -1
    var ancestorWatch: Int32 = -1
    var source: (any DispatchSourceProtocol)?
    var timer: (any DispatchSourceTimer)?
    var stamps: [String: FileStamp] = [:]
  }

  private let path: String
  private let interval: Duration
  private let callbacks: Callbacks
  private let queue = DispatchQueue(label: "core.store.watch")
  private let state = Locked(State())

  /// Starts watching `path`; the watch is in place when this returns, so that no commit
  /// made after it is missed.
  ///
  /// - Parameters:
  ///   - path: The store's folder.
  ///   - interval: How often the `stat` fallback checks.
  ///   - callbacks: Where changes and reports go.
  init(path: String, interval: Duration, callbacks: Callbacks) {
    self.path = path
    self.interval = interval
    self.callbacks = callbacks
    state.withLock { state in start(&state) }
  }

  /// Stops watching and closes the descriptors; no callback comes after it returns
  /// but one already running.
  func stop() {
    state.withLock { state in
      state.isStopped = true
      state.source?.cancel()
      state.timer?.cancel()
      state.source = nil
      state.timer = nil
    }
  }

  /// Stops handling events until ``resume()`` (tests: the system's queue fills up).
  func suspend() { queue.suspend() }

  /// Handles events again after ``suspend()``.
  func resume() { queue.resume() }

  /// A key got its first observer: the fallback notes its file's status now, so that
  /// a commit made before the next check is seen.
  func track(_ key: String) {
    state.withLock { state in
      guard state.timer != nil, state.stamps[key] == nil else { return }
      state.stamps[key] = FileStamp(path: file(key))
    }
  }

  private func file(_ key: String) -> String { path + "/" + key + ".json" }

  // MARK: - Falling back to stat

  private func fallBack(_ state: inout State, reason: String) {
    guard state.timer == nil else { return }
    closeDescriptor(&state)
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let (seconds, attoseconds) = interval.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
      leeway: .nanoseconds(nanoseconds / 10))
    timer.setEventHandler { [weak self] in self?.check() }
    state.timer = timer
    timer.resume()
    send(
      StoreWatchReport(
        .polling,
        message: "not watching \(path) for changes (\(reason)): checking every \(interval)"))
  }

  /// Sends a report from the watcher's queue: never from under a lock, the owner's or
  /// the watcher's.
  private func send(_ report: StoreWatchReport) {
    queue.async { [callbacks] in callbacks.report(report) }
  }

  /// One check of the fallback: a `stat` of each watched file.
  private func check() {
    let keys = callbacks.watchedKeys()
    let changed = state.withLock { state -> Set<String> in
      guard !state.isStopped else { return [] }
      var changed: Set<String> = []
      for key in keys {
        let stamp = FileStamp(path: file(key))
        if let old = state.stamps[key], old != stamp { changed.insert(key) }
        state.stamps[key] = stamp
      }
      return changed
    }
    if !changed.isEmpty { callbacks.changed(changed) }
  }

  #if canImport(Glibc) || canImport(Musl)
    // MARK: - inotify

    private static let folderMask = UInt32(
      IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF
        | IN_ONLYDIR)
    private static let ancestorMask = UInt32(
      IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    private func start(_ state: inout State) {
      if let code = Self.simulatedFailures.withLock({ $0[path] }) {
        fallBack(&state, reason: Self.describe(code))
        return
      }
      if let type = NetworkFileSystems.type(of: path) {
        fallBack(&state, reason: "a network file system, \(type)")
        return
      }
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else {
        fallBack(&state, reason: Self.describe(errno))
        return
      }
      state.descriptor = descriptor
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler { [weak self] in self?.readEvents() }
      source.setCancelHandler { close(descriptor) }
      state.source = source
      arm(&state)
      source.resume()
    }

    private static func describe(_ code: Int32) -> String {
      switch code {
      case ENOSPC: "the limit of inotify watches is reached, fs.inotify.max_user_watches"
      case EMFILE: "the limit of inotify instances is reached, fs.inotify.max_user_instances"
      default: "inotify: " + String(cString: strerror(code))
      }
    }

    /// Watches the folder or, while it does not exist, the nearest folder above it.
    private func arm(_ state: inout State) {
      while !state.isStopped, state.timer == nil {
        let watch = inotify_add_watch(state.descriptor, path, Self.folderMask)
        if watch >= 0 {
          state.folderWatch = watch
          removeAncestorWatch(&state)
          return
        }
        guard errno == ENOENT || errno == ENOTDIR else {
          fallBack(&state, reason: Self.describe(errno))
          return
        }
        var ancestor = path
        var ancestorWatch: Int32 = -1
        while ancestorWatch < 0 {
          ancestor = Self.parent(of: ancestor)
          ancestorWatch = inotify_add_watch(state.descriptor, ancestor, Self.ancestorMask)
          if ancestorWatch < 0, errno != ENOENT, errno != ENOTDIR || ancestor == "/" {
            fallBack(&state, reason: Self.describe(errno))
            return
          }
        }
        if ancestorWatch != state.ancestorWatch { removeAncestorWatch(&state) }
        state.ancestorWatch = ancestorWatch
        // Made between the two calls? Then watch it; else wait for the ancestor's event.
        guard FileManager.default.fileExists(atPath: path) else { return }
      }
    }

    private func removeAncestorWatch(_ state: inout State) {
      guard state.ancestorWatch >= 0 else { return }
      if state.ancestorWatch != state.folderWatch {
        _ = inotify_rm_watch(state.descriptor, state.ancestorWatch)
      }
      state.ancestorWatch = -1
    }

    private func closeDescriptor(_ state: inout State) {
      state.source?.cancel()  // its cancel handler closes the descriptor
      state.source = nil
      state.descriptor = -1
      state.folderWatch = -1
      state.ancestorWatch = -1
    }

    private static func parent(of path: String) -> String {
      guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
      return String(path[..<slash])
    }

    /// Reads every pending event, then says which keys changed.
    private func readEvents() {
      let (everything, keys) = state.withLock { state -> (Bool, Set<String>) in
        guard !state.isStopped, state.descriptor >= 0 else { return (false, []) }
        var keys: Set<String> = []
        var everything = false
        var rearm = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
          let count = buffer.withUnsafeMutableBytes {
            read(state.descriptor, $0.baseAddress, $0.count)
          }
          guard count > 0 else { break }
          buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset + 16 <= count {
              let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
              let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
              let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
              let name = bytes[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
              offset += 16 + length
              if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                everything = true
                rearm = state.folderWatch < 0
                send(
                  StoreWatchReport(
                    .overflowed, message: "missed changes in \(path): read everything again"))
              } else if watch == state.folderWatch {
                let selfMask = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)
                if mask & selfMask != 0 {
                  // Removed or moved away: whatever comes back at the path is watched.
                  if mask & UInt32(IN_IGNORED) == 0 {
                    _ = inotify_rm_watch(state.descriptor, watch)
                  }
                  state.folderWatch = -1
                  everything = true
                  rearm = true
                } else if name.count > 5 {
                  let text = String(decoding: name, as: UTF8.self)
                  if text.hasSuffix(".json") { keys.insert(String(text.dropLast(5))) }
                }
              } else if watch == state.ancestorWatch, state.folderWatch < 0 {
                if mask & UInt32(IN_IGNORED) != 0 { state.ancestorWatch = -1 }
                rearm = true
              }
            }
          }
        }
        if rearm, state.folderWatch < 0 {
          arm(&state)
          // The folder is back: whatever is in it now is news.
          if state.folderWatch >= 0 { everything = true }
        }
        return (everything, keys)
      }
      if everything {
        callbacks.changed(nil)
      } else if !keys.isEmpty {
        callbacks.changed(keys)
      }
    }
  #elseif canImport(Darwin)
    // MARK: - Dispatch file-system source

    private func start(_ state: inout State) {
      if let code = Self.simulatedFailures.withLock({ $0[path] }) {
        fallBack(&state, reason: String(cString: strerror(code)))
        return
      }
      arm(&state)
    }

    /// Watches the folder; while it does not exist, the `stat` fallback checks.
    private func arm(_ state: inout State) {
      let descriptor = open(path, O_EVTONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        fallBack(&state, reason: String(cString: strerror(errno)))
        return
      }
      state.descriptor = descriptor
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .delete, .rename, .revoke], queue: queue)
      source.setEventHandler { [weak self] in
        guard let self else { return }
        self.state.withLock { state in
          // Removed or renamed: whatever is at the path now is watched.
          guard !state.isStopped,
            let source = state.source as? any DispatchSourceFileSystemObject,
            !source.data.isDisjoint(with: [.delete, .rename, .revoke])
          else { return }
          closeDescriptor(&state)
          arm(&state)
        }
        callbacks.changed(nil)
      }
      source.setCancelHandler { close(descriptor) }
      state.source = source
      source.resume()
    }

    private func closeDescriptor(_ state: inout State) {
      state.source?.cancel()
      state.source = nil
      state.descriptor = -1
    }
  #else
    private func start(_ state: inout State) {
      fallBack(&state, reason: "this system has no file events")
    }

    private func closeDescriptor(_ state: inout State) {}
  #endif
}

/// What `stat` says of a file, to tell that it changed: a commit renames a new file
/// into place, so its inode changes; an edit in place changes its size or times.
struct FileStamp: Hashable {
  var exists = false
  var inode: UInt64 = 0
  var size: Int64 = 0
  var modified = 0
  var changed = 0

  init(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    exists = true
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modified = status.st_mtimespec.tv_sec * 1_000_000_000 + status.st_mtimespec.tv_nsec
      changed = status.st_ctimespec.tv_sec * 1_000_000_000 + status.st_ctimespec.tv_nsec
    #else
      modified = status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec
      changed = status.st_ctim.tv_sec * 1_000_000_000 + status.st_ctim.tv_nsec
    #endif
  }
}

/// Whether a folder is on a network file system, where inotify sees only this
/// machine's changes (Linux): read from `/proc/self/mounts` once per watcher.
enum NetworkFileSystems {
  static let types: Set<String> = [
    "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph", "glusterfs", "afs", "fuse.sshfs",
    "lustre", "gpfs",
  ]

  /// The network file system type of the mount holding `path`, or `nil`.
  static func type(of path: String) -> String? {
    guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else {
      return nil
    }
    var best: (point: String, type: String)?
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      let point = fields[1].replacingOccurrences(of: "\\040", with: " ")
      let isUnder = point == "/" || path == point || path.hasPrefix(point + "/")
      if isUnder, point.count >= (best?.point.count ?? -1) { best = (point, String(fields[2])) }
    }
    guard let best, types.contains(best.type) else { return nil }
    return best.type
  }
}
