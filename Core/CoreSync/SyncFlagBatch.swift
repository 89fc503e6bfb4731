/// One request to the server: set one flag on some items, or remove it from them (an
/// `edit-tag`, an IMAP `STORE +FLAGS` or `-FLAGS`).
public struct SyncFlagBatch<Item: Hashable & Sendable, Flag: Hashable & Sendable>: Hashable,
  Sendable
{
  /// The flag.
  public var flag: Flag
  /// Whether the items are to have it (`false`: to lose it).
  public var value: Bool
  /// The items, in their order.
  public var items: [Item]

  /// A request giving `flag` the `value` on `items`.
  public init(flag: Flag, value: Bool, items: [Item]) {
    self.flag = flag
    self.value = value
    self.items = items
  }
}
