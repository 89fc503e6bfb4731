import Core
import Foundation
import Testing

@Suite("SyncFlags: flags on many items, synced as one set of ids per flag")
struct SyncFlagsTests {
  enum Flag: String, Codable, Comparable, Sendable {
    case read, starred
    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  }
  typealias Flags = SyncFlags<Int, Flag>
  typealias Take = SyncFlagTake<Int, Flag>
  typealias Batch = SyncFlagBatch<Int, Flag>

  /// Items held here, all in the group "a", with their flags.
  static func here(_ flags: [Int: Set<Flag>]) -> [Int: (group: String, flags: Set<Flag>)] {
    flags.mapValues { (group: "a", flags: $0) }
  }

  /// The state where `flags` are agreed.
  static func agreed(_ flags: [Int: Set<Flag>]) -> Flags {
    var agreed = Flags()
    for (item, set) in flags { agreed.agree(on: item, flags: set) }
    return agreed
  }

  @Test("changed here: sent, nothing taken, agreed once the server accepted it")
  func changedHere() {
    var agreed = Self.agreed([1: [.read], 2: [.read]])
    var plan = agreed.plan(
      here: Self.here([1: [], 2: [.read, .starred]]), there: [.read: [1, 2], .starred: []],
      batchSize: 10)
    #expect(
      plan.sends == [
        Batch(flag: .read, value: false, items: [1]),
        Batch(flag: .starred, value: true, items: [2]),
      ])
    #expect(plan.takes.isEmpty && plan.replaced.isEmpty)
    #expect(agreed.flags(of: 1) == [.read], "not agreed before the server has it")
    let now: [Int: Set<Flag>] = [1: [], 2: [.read, .starred]]
    for batch in plan.sends { plan.recordSent(batch, heldNow: now, in: &agreed) }
    #expect(agreed.flags(of: 1) == [] && agreed.flags(of: 2) == [.read, .starred])
  }

  @Test("changed there: taken here, grouped as the app asked; agreed once taken")
  func changedThere() {
    var agreed = Self.agreed([1: [.read], 2: [], 3: []])
    let plan = agreed.plan(
      here: [
        1: (group: "a", flags: [.read]), 2: (group: "b", flags: []), 3: (group: "a", flags: []),
      ], there: [.read: [2], .starred: [3]], batchSize: 10)
    #expect(plan.sends.isEmpty)
    #expect(
      plan.takes == [
        "a": [
          Take(item: 1, flags: [], added: [], removed: [.read]),
          Take(item: 3, flags: [.starred], added: [.starred], removed: []),
        ],
        "b": [Take(item: 2, flags: [.read], added: [.read], removed: [])],
      ])
    plan.recordTaken(plan.takes["a"] ?? [], in: &agreed)
    #expect(agreed.flags(of: 1) == [] && agreed.flags(of: 3) == [.starred])
    #expect(agreed.flags(of: 2) == [], "group b not taken yet")
  }

  @Test("changed on both sides: each change goes to the other; the same change agrees at once")
  func changedOnBoth() {
    // A flag is set or not: one changed on both sides since they agreed ends the same on
    // both, so there is nothing for the side here to win (SyncDecision's merge, which
    // keeps the value here, is met only by values that can differ three ways).
    var agreed = Self.agreed([1: [], 2: []])
    let plan = agreed.plan(
      here: Self.here([1: [.read], 2: [.read]]), there: [.read: [2], .starred: [1]],
      batchSize: 10)
    #expect(plan.sends == [Batch(flag: .read, value: true, items: [1])])
    #expect(
      plan.takes["a"] == [Take(item: 1, flags: [.read, .starred], added: [.starred], removed: [])])
    #expect(agreed.flags(of: 2) == [.read])
  }

  @Test("first sync of items both held: a flag set on either side kept, replaced counted")
  func firstSync() {
    var agreed = Flags()
    let plan = agreed.plan(
      here: Self.here([1: [.read], 2: [], 3: [.starred], 4: [.read, .starred]]),
      there: [.read: [2], .starred: [3, 4]], batchSize: 10)
    #expect(plan.sends == [Batch(flag: .read, value: true, items: [1, 4])])
    #expect(plan.takes["a"] == [Take(item: 2, flags: [.read], added: [.read], removed: [])])
    #expect(plan.replaced == [1, 4], "the server's flags of 2 are not replaced: it gains none")
    #expect(agreed.flags(of: 3) == [.starred], "the same on both sides: agreed at once")
    #expect(agreed.flags(of: 1) == nil && agreed.flags(of: 2) == nil)
  }

  @Test("sends: by flag, removals first, at most the batch size a request")
  func batches() {
    var agreed = Self.agreed([1: [.starred], 2: [.starred], 3: [], 4: [], 5: [], 6: []])
    let plan = agreed.plan(
      here: Self.here([1: [], 2: [], 3: [.starred, .read], 4: [.read], 5: [.read], 6: []]),
      there: [.read: [], .starred: [1, 2]], batchSize: 2)
    #expect(
      plan.sends == [
        Batch(flag: .read, value: true, items: [3, 4]),
        Batch(flag: .read, value: true, items: [5]),
        Batch(flag: .starred, value: false, items: [1, 2]),
        Batch(flag: .starred, value: true, items: [3]),
      ])
    #expect(agreed.flags(of: 6) == [])
  }

  @Test("agreed at once: only the items that hold the same flags on both sides")
  func agreedAtOnce() {
    var agreed = Self.agreed([1: [.read], 2: [.read]])
    _ = agreed.plan(
      here: Self.here([1: [.starred], 2: [.read], 3: [.read], 4: []]),
      there: [.read: [1, 3], .starred: [1]], batchSize: 10)
    #expect(agreed.flags(of: 1) == [.read], "differs here: waits for its send")
    #expect(agreed.flags(of: 2) == [.read], "differs there: waits for its take")
    #expect(agreed.flags(of: 3) == [.read] && agreed.flags(of: 4) == [])
  }

  @Test("after a batch, only the items that now hold the same flags on both sides agree")
  func outcomeOfABatch() {
    var agreed = Self.agreed([1: [], 2: [], 3: []])
    var plan = agreed.plan(
      here: Self.here([1: [.read, .starred], 2: [.read], 3: [.read]]),
      there: [.read: [], .starred: [3]], batchSize: 10)
    #expect(plan.takes["a"]?.map(\.item) == [3])
    #expect(plan.sends.map(\.items) == [[1, 2, 3], [1]])
    // 3's star could not be taken here: it still has no star.
    let now: [Int: Set<Flag>] = [1: [.read, .starred], 2: [.read], 3: [.read]]
    plan.recordSent(plan.sends[0], heldNow: now, in: &agreed)
    #expect(agreed.flags(of: 1) == [], "its star not sent yet")
    #expect(agreed.flags(of: 2) == [.read])
    #expect(agreed.flags(of: 3) == [], "starred there, not here")
    plan.recordSent(plan.sends[1], heldNow: now, in: &agreed)
    #expect(agreed.flags(of: 1) == [.read, .starred])
  }

  @Test("keep(only:) forgets the items no side holds; the state round-trips through JSON")
  func keepAndCodable() throws {
    var agreed = Self.agreed([1: [.read], 2: [.read, .starred], 3: []])
    agreed.keep(only: [2, 3, 9])
    #expect(agreed.items == [2, 3])
    #expect(agreed.flagged == [.read: [2], .starred: [2]])
    let data = try JSONEncoder().encode(agreed)
    #expect(try JSONDecoder().decode(Flags.self, from: data) == agreed)
  }
}
