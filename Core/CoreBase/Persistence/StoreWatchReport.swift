/// What a ``FileKeyValueStore``'s watcher says about itself: that it could not use the
/// system's file events and checks the files itself instead, that it re-read every
/// watched file, or that a file could not be read.
///
/// Watching never stops on a problem: each report says what was done instead.
///
/// <!-- doc-test: context
/// let store = FileKeyValueStore(directory: URL(fileURLWithPath: "/tmp/store"))
/// var status = ""
/// -->
/// ```swift
/// for await report in store.watchReports() { status = report.message }
/// ```
public struct StoreWatchReport: Sendable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// The system cannot watch the folder (no inotify instance or watch left, a
    /// network file system): the store checks the watched files' status with `stat`
    /// every ``FileKeyValueStore/pollingInterval`` instead. Said once per folder.
    case polling
    /// The system dropped events (inotify's queue overflowed): every watched key was
    /// read again.
    case overflowed
    /// A watched file could not be read (too large, not a regular file, no
    /// permission): its observers keep the last value they got.
    case unreadable
  }

  /// What happened.
  public var kind: Kind
  /// The key concerned, for ``Kind/unreadable``.
  public var key: String?
  /// One sentence for a status line, e.g. `not watching /srv/notes for changes (…):
  /// checking every 1 s`.
  public var message: String

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - kind: What happened.
  ///   - key: The key concerned, if any.
  ///   - message: The sentence shown.
  public init(_ kind: Kind, key: String? = nil, message: String) {
    self.kind = kind
    self.key = key
    self.message = message
  }

  public var description: String { message }
}
