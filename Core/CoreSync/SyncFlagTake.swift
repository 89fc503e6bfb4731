/// One item's flags to change here, taken from the server: the flags it is to have,
/// and which of them that adds or removes.
public struct SyncFlagTake<Item: Hashable & Sendable, Flag: Hashable & Sendable>: Hashable, Sendable
{
  /// The item.
  public var item: Item
  /// Every flag of those synced that it is to have here.
  public var flags: Set<Flag>
  /// The flags it gains.
  public var added: Set<Flag>
  /// The flags it loses.
  public var removed: Set<Flag>

  /// An item's change: to `flags`, gaining `added` and losing `removed`.
  public init(item: Item, flags: Set<Flag>, added: Set<Flag>, removed: Set<Flag>) {
    self.item = item
    self.flags = flags
    self.added = added
    self.removed = removed
  }
}
