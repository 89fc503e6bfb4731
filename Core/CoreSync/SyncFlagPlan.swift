/// What one sync of ``SyncFlags`` does: the flags to take here, grouped as the app
/// asked, and the ones to send, in requests of at most the batch size. Made by
/// ``SyncFlags/plan(here:there:batchSize:)``; it keeps what the server holds as the
/// batches are accepted, so that ``recordSent(_:heldNow:in:)`` agrees an item as soon
/// as both sides hold the same flags.
public struct SyncFlagPlan<
  Item: Hashable & Comparable & Sendable, Flag: Hashable & Comparable & Sendable,
  Group: Hashable & Sendable
>: Sendable {
  /// The items never agreed on (a first sync) whose flags here replace some on the
  /// server: a flag set on either side is kept, so the server gains it.
  public internal(set) var replaced: [Item] = []
  /// By the group the app gave each item: the items whose flags change here, in
  /// their order.
  public internal(set) var takes: [Group: [SyncFlagTake<Item, Flag>]] = [:]
  /// The requests to send, by flag, the removals of a flag before its settings, at
  /// most the batch size each.
  public internal(set) var sends: [SyncFlagBatch<Item, Flag>] = []
  /// The flags synced: those the server's sets were given for.
  let synced: Set<Flag>
  /// The flags each item held here has on the server, as the batches accepted leave them.
  var there: [Item: Set<Flag>] = [:]

  init(synced: Set<Flag>) {
    self.synced = synced
  }
}
