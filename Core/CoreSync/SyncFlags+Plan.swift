/// Planning a sync of the flags: each flag of each item held here decided against the
/// agreed state.
extension SyncFlags {
  /// Decides every flag of every item held here and says what to send and to take;
  /// records at once the items whose flags both sides already hold alike.
  ///
  /// A flag changed on one side since both agreed goes to the other; changed on both,
  /// the value here wins (``SyncDecision`` resolved with this side's value). An item
  /// held on both sides before they ever synced agrees on no flag, so a flag set on
  /// either side is kept (and the item is in ``SyncFlagPlan/replaced`` when that
  /// changes the server's flags).
  ///
  /// - Parameters:
  ///   - here: Each item held here: the group its takes are listed under (a feed, a
  ///     mailbox) and the flags it has.
  ///   - there: For each flag synced, the items that have it on the server (items not
  ///     held here are left alone); a flag synced that no item has there needs an
  ///     empty set.
  ///   - batchSize: The most items one request sends (at least 1).
  /// - Returns: The takes and sends; it records their outcomes.
  public mutating func plan<Group: Hashable & Sendable>(
    here: [Item: (group: Group, flags: Set<Flag>)], there: [Flag: Set<Item>], batchSize: Int
  ) -> SyncFlagPlan<Item, Flag, Group> {
    var plan = SyncFlagPlan<Item, Flag, Group>(synced: Set(there.keys))
    var sends: [Flag: [Bool: [Item]]] = [:]
    for (item, held) in here.sorted(by: { $0.key < $1.key }) {
      let local = held.flags.intersection(plan.synced)
      let remote = plan.synced.filter { there[$0]?.contains(item) == true }
      plan.there[item] = remote
      let agreed = flags(of: item)
      if agreed == nil, !local.isSubset(of: remote) { plan.replaced.append(item) }
      let resolved = plan.synced.filter { flag in
        SyncDecision(
          base: agreed?.contains(flag) ?? false, local: local.contains(flag),
          remote: remote.contains(flag)
        ).resolved { here, _ in here } ?? local.contains(flag)
      }
      for flag in resolved.symmetricDifference(remote) {
        sends[flag, default: [:]][resolved.contains(flag), default: []].append(item)
      }
      if resolved != local {
        plan.takes[held.group, default: []].append(
          SyncFlagTake(
            item: item, flags: resolved, added: resolved.subtracting(local),
            removed: local.subtracting(resolved)))
      } else if resolved == remote {
        agree(on: item, flags: resolved)
      }
    }
    plan.sends = Self.batches(sends, of: max(1, batchSize))
    return plan
  }

  /// The items to send, by flag, removals before settings, cut into requests of `size`.
  static func batches(_ sends: [Flag: [Bool: [Item]]], of size: Int) -> [SyncFlagBatch<Item, Flag>]
  {
    var batches: [SyncFlagBatch<Item, Flag>] = []
    for (flag, values) in sends.sorted(by: { $0.key < $1.key }) {
      for value in [false, true] {
        let items = values[value] ?? []
        for start in stride(from: 0, to: items.count, by: size) {
          batches.append(
            SyncFlagBatch(
              flag: flag, value: value, items: Array(items[start..<min(start + size, items.count)]))
          )
        }
      }
    }
    return batches
  }
}
