/// Flags on many items — read, starred, answered — that a server keeps as one set of ids
/// per flag (Google Reader's tags, IMAP's flags, JMAP's keywords): the state both sides
/// last agreed on, and the sync that brings them back into step.
///
/// The server keeps no change time for a flag, so the agreed state is what tells a
/// change here from a change there: each flag of each item is decided by
/// ``SyncDecision`` against it, and a flag changed on both sides keeps the value here.
/// ``plan(here:there:batchSize:)`` says what to send and what to take;
/// ``SyncFlagPlan/recordTaken(_:in:)`` and ``SyncFlagPlan/recordSent(_:heldNow:in:)``
/// record the outcomes, so the state can be written after each request (it is
/// `Codable`: keep it in the app's ``SyncSnapshotStore`` state).
///
/// ```swift
/// var agreed = SyncFlags<Int, String>()
/// var plan = agreed.plan(
///   here: [1: (group: "inbox", flags: ["read"]), 2: (group: "inbox", flags: [])],
///   there: ["read": [2]], batchSize: 100)
/// // A first sync keeps a read on either side: 1's goes to the server, 2's comes here.
/// // plan.sends: [SyncFlagBatch(flag: "read", value: true, items: [1])]
/// // plan.takes: ["inbox": [SyncFlagTake(item: 2, flags: ["read"], added: ["read"], …)]]
/// plan.recordTaken(plan.takes["inbox"] ?? [], in: &agreed)  // once 2 is read here
/// for batch in plan.sends {  // once the server accepted it
///   plan.recordSent(batch, heldNow: [1: ["read"], 2: ["read"]], in: &agreed)
/// }
/// // agreed.flags(of: 1) == ["read"]
/// ```
public struct SyncFlags<
  Item: Hashable & Comparable & Sendable, Flag: Hashable & Comparable & Sendable
>: Equatable, Sendable {
  /// The items whose flags both sides agreed on.
  public var items: Set<Item>
  /// By flag, the agreed items that have it.
  public var flagged: [Flag: Set<Item>]

  /// The state both sides agreed on: `items`, and of them the ones each flag holds.
  public init(items: Set<Item> = [], flagged: [Flag: Set<Item>] = [:]) {
    self.items = items
    self.flagged = flagged
  }

  /// The flags both sides agreed `item` has; `nil` when they never agreed on it.
  public func flags(of item: Item) -> Set<Flag>? {
    guard items.contains(item) else { return nil }
    return Set(flagged.compactMap { $0.value.contains(item) ? $0.key : nil })
  }

  /// Records that both sides hold `item` with exactly `flags`.
  public mutating func agree(on item: Item, flags: Set<Flag>) {
    items.insert(item)
    for flag in flags { flagged[flag, default: []].insert(item) }
    for flag in flagged.keys where !flags.contains(flag) { flagged[flag]?.remove(item) }
  }

  /// Forgets every item not in `held` — the ones neither side holds any more — so
  /// that the state does not grow with every item the server ever had.
  public mutating func keep(only held: Set<Item>) {
    items.formIntersection(held)
    for flag in flagged.keys { flagged[flag]?.formIntersection(items) }
  }
}

extension SyncFlags: Codable where Item: Codable, Flag: Codable {}
