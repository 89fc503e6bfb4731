public import Foundation

/// The subscribers to a store's changes, by key.
///
/// Stores call ``notify(_:forKey:)`` after each write; each subscriber gets its
/// own `AsyncStream` that ends when the consumer stops iterating.
///
/// A ``FileKeyValueStore``'s observers also watch its folder while anyone subscribes
/// (`FolderWatcher`), so that commits made by other processes reach them too: each
/// watched file is read when the system says it changed, and its bytes are sent when
/// they differ from the last bytes sent for the key — so a commit this process made,
/// sent at once, is not sent again when its event comes.
public final class StoreObservers: Sendable {
  private struct State: @unchecked Sendable {
    // @unchecked: the watcher is only touched while `state` is locked.
    var nextID = 0
    var continuations: [String: [Int: AsyncStream<Data?>.Continuation]] = [:]
    /// The bytes last sent for each watched key (`.some(nil)`: removed).
    var sent: [String: Data?] = [:]
    var watcher: FolderWatcher?
    var nextReportID = 0
    var reportContinuations: [Int: AsyncStream<StoreWatchReport>.Continuation] = [:]
    /// The fallback's report, said once, and given to each later subscriber to reports.
    var fallback: StoreWatchReport?
    /// The unreadable keys already reported, so that a file stays reported once.
    var unreadable: Set<String> = []
  }

  /// The folder watched for other processes' commits, and the largest file read.
  private struct Folder: Sendable {
    var path: String
    var readLimit: Int
    var interval: Duration
  }

  private let state = Locked(State())
  private let folder: Folder?

  /// Creates an empty set of subscribers.
  public init() { folder = nil }

  /// Subscribers that also see the commits other processes make in the folder at
  /// `path`, once any subscribes.
  ///
  /// - Parameters:
  ///   - path: The store's folder.
  ///   - readLimit: The largest file read.
  ///   - interval: How often the `stat` fallback checks, where the system cannot watch.
  init(watchingFolder path: String, readLimit: Int, interval: Duration) {
    folder = Folder(path: path, readLimit: readLimit, interval: interval)
  }

  /// Whether the folder is being watched: something subscribes.
  package var isWatching: Bool { state.withLock { $0.watcher != nil } }

  /// Runs `body` with the watcher's events held back, then handles them (tests: the
  /// system's event queue overflows meanwhile).
  package func withWatchingSuspended(_ body: () throws -> Void) rethrows {
    let watcher = state.withLock { $0.watcher }
    watcher?.suspend()
    defer { watcher?.resume() }
    try body()
  }

  /// A new stream of the bytes written for `key`; `nil` after a removal.
  ///
  /// - Parameter key: The key to watch.
  /// - Returns: A stream starting with the next change.
  public func stream(forKey key: String) -> AsyncStream<Data?> {
    let (stream, continuation) = AsyncStream<Data?>.makeStream(bufferingPolicy: .unbounded)
    let id = state.withLock { state in
      state.nextID += 1
      state.continuations[key, default: [:]][state.nextID] = continuation
      if let folder {
        if state.watcher == nil { state.watcher = makeWatcher(folder) }
        state.watcher?.track(key)
        // No file: that is the value known, so that a folder read again does not send
        // a removal that never happened. (A file's bytes are not read here: the first
        // change read after may repeat them.)
        if state.sent[key] == nil, !FileStamp(path: folder.path + "/" + key + ".json").exists {
          state.sent[key] = .some(nil)
        }
      }
      return state.nextID
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { state in
        state.continuations[key]?[id] = nil
        if state.continuations[key]?.isEmpty == true {
          state.continuations[key] = nil
          state.sent[key] = nil
        }
        if state.continuations.isEmpty, let watcher = state.watcher {
          watcher.stop()
          state.watcher = nil
        }
      }
    }
    return stream
  }

  /// A stream of what the folder's watcher reports (``StoreWatchReport``); the
  /// fallback's report, when it was made, comes first.
  ///
  /// - Returns: The reports from now on.
  public func reports() -> AsyncStream<StoreWatchReport> {
    let (stream, continuation) = AsyncStream<StoreWatchReport>.makeStream(
      bufferingPolicy: .bufferingNewest(16))
    let id = state.withLock { state in
      state.nextReportID += 1
      state.reportContinuations[state.nextReportID] = continuation
      if let fallback = state.fallback { continuation.yield(fallback) }
      return state.nextReportID
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { state in state.reportContinuations[id] = nil }
    }
    return stream
  }

  /// Sends `data` to every subscriber of `key`.
  ///
  /// - Parameters:
  ///   - data: The new bytes, or `nil` after a removal.
  ///   - key: The key that changed.
  public func notify(_ data: Data?, forKey key: String) {
    state.withLock { state in
      guard let subscribers = state.continuations[key] else { return }
      if folder != nil {
        // The watcher may have read this commit's file before this call: sent once.
        if let last = state.sent[key], last == data { return }
        state.sent[key] = .some(data)
      }
      for continuation in subscribers.values { continuation.yield(data) }
    }
  }

  // MARK: - Watching

  private func makeWatcher(_ folder: Folder) -> FolderWatcher {
    FolderWatcher(
      path: folder.path, interval: folder.interval,
      callbacks: FolderWatcher.Callbacks(
        changed: { [weak self] keys in self?.refresh(keys) },
        watchedKeys: { [weak self] in self?.state.withLock { Array($0.continuations.keys) } ?? [] },
        report: { [weak self] report in self?.send(report) }))
  }

  /// Reads the files of `keys` (every watched key when `nil`) and sends the bytes that
  /// differ from the last sent. The read and the sending hold the lock, so that a
  /// commit this process makes meanwhile is sent after, never before, an older value.
  private func refresh(_ keys: Set<String>?) {
    guard let folder else { return }
    var reports: [StoreWatchReport] = []
    state.withLock { state in
      let targets = keys.map(Array.init) ?? Array(state.continuations.keys)
      for key in targets.sorted() {
        guard let subscribers = state.continuations[key] else { continue }
        let path = folder.path + "/" + key + ".json"
        let data: Data?
        do {
          data = try POSIXFile.read(path, limit: folder.readLimit)
          state.unreadable.remove(key)
        } catch {
          if state.unreadable.insert(key).inserted {
            reports.append(
              StoreWatchReport(.unreadable, key: key, message: "cannot read \(path): \(error)"))
          }
          continue
        }
        if let last = state.sent[key], last == data { continue }
        state.sent[key] = .some(data)
        for continuation in subscribers.values { continuation.yield(data) }
      }
    }
    for report in reports { send(report) }
  }

  private func send(_ report: StoreWatchReport) {
    state.withLock { state in
      if report.kind == .polling {
        guard state.fallback == nil else { return }
        state.fallback = report
      }
      for continuation in state.reportContinuations.values { continuation.yield(report) }
    }
  }
}
