/// A field both sides changed to different values since they last agreed, and how
/// the sync settled it.
public struct SyncConflict: Hashable, Sendable {
  /// The local item's id.
  public var localID: String
  /// The field.
  public var field: String
  /// The value kept (the newer side's); `nil` when the field is now unset.
  public var kept: String?
  /// The value it replaced; `nil` when that side had unset it.
  public var replaced: String?
  /// Whether the local value was kept (otherwise the server's was).
  public var keptLocal: Bool

  /// Creates a conflict report.
  public init(localID: String, field: String, kept: String?, replaced: String?, keptLocal: Bool) {
    self.localID = localID
    self.field = field
    self.kept = kept
    self.replaced = replaced
    self.keptLocal = keptLocal
  }
}

/// What a sync did (or, for a dry run, would do).
public struct SyncResult: Hashable, Sendable, CustomStringConvertible {
  /// Items written to the server (created or replaced).
  public var sent = 0
  /// Items written locally from the server (created or updated).
  public var received = 0
  /// Items changed on both sides since they last agreed, merged field by field.
  public var merged = 0
  /// Items deleted, on either side.
  public var deleted = 0
  /// Fields both sides changed, with the value each replaced.
  public var conflicts: [SyncConflict] = []
  /// Hrefs whose body could not be read, with why; tried again next sync.
  public var skipped: [String: String] = [:]
  /// Items the server changed while this sync wrote them (HTTP 412) and that are
  /// still to be merged; the next sync does it.
  public var retryNextTime = 0
  /// Requests sent to the server.
  public var requests = 0
  /// Whether nothing was written (a dry run).
  public var isDryRun = false

  /// An empty result.
  public init() {}

  /// `sent 3, received 5, merged 1, deleted 2`.
  public var description: String {
    "sent \(sent), received \(received), merged \(merged), deleted \(deleted)"
  }
}
