import Core
import Testing

@Suite("SyncDecision: one thing's fate from the agreed value and each side's")
struct SyncDecisionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var base: String?
    var local: String?
    var remote: String?
    var decision: SyncDecision<String>
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "unchanged", base: "a", local: "a", remote: "a", decision: .agree("a")),
    Case(name: "changed there", base: "a", local: "a", remote: "b", decision: .take("b")),
    Case(name: "changed here", base: "a", local: "b", remote: "a", decision: .send("b")),
    Case(name: "same change on both", base: "a", local: "b", remote: "b", decision: .agree("b")),
    Case(
      name: "different changes", base: "a", local: "b", remote: "c",
      decision: .merge(local: "b", remote: "c")),
    Case(name: "new there", base: nil, local: nil, remote: "b", decision: .take("b")),
    Case(name: "new here", base: nil, local: "b", remote: nil, decision: .send("b")),
    Case(name: "new on both, equal", base: nil, local: "b", remote: "b", decision: .agree("b")),
    Case(
      name: "new on both, different", base: nil, local: "b", remote: "c",
      decision: .merge(local: "b", remote: "c")),
    Case(name: "deleted there", base: "a", local: "a", remote: nil, decision: .deleteHere),
    Case(name: "deleted here", base: "a", local: nil, remote: "a", decision: .deleteThere),
    Case(name: "deleted on both", base: "a", local: nil, remote: nil, decision: .agree(nil)),
    Case(
      name: "deleted there, changed here: the change wins", base: "a", local: "b", remote: nil,
      decision: .send("b")),
    Case(
      name: "deleted here, changed there: the change wins", base: "a", local: nil, remote: "c",
      decision: .take("c")),
  ]

  @Test("decides by the agreed value", arguments: cases)
  func decides(_ test: Case) {
    #expect(SyncDecision(base: test.base, local: test.local, remote: test.remote) == test.decision)
  }

  @Test("resolved: the value both sides end with; a merge settled by the app")
  func resolved() {
    let keepHere = { (local: String, _: String) in local }
    #expect(SyncDecision(base: "a", local: "a", remote: "b").resolved(merge: keepHere) == "b")
    #expect(SyncDecision(base: "a", local: "b", remote: "c").resolved(merge: keepHere) == "b")
    #expect(
      SyncDecision(base: "a", local: "b", remote: "c").resolved { $0 + $1 } == "bc")
    #expect(SyncDecision(base: "a", local: "a", remote: nil).resolved(merge: keepHere) == nil)
  }

  @Test("a set membership never agreed on: set on either side is kept")
  func membership() {
    // feed's read marks: an item never synced counts as agreed unread.
    let read = { (local: Bool, remote: Bool) in
      SyncDecision(base: false, local: local, remote: remote).resolved { here, _ in here }
    }
    #expect(read(true, false) == true)
    #expect(read(false, true) == true)
    #expect(read(false, false) == false)
    // Agreed read, made unread here while still read there: here wins.
    #expect(SyncDecision(base: true, local: false, remote: true) == .send(false))
  }

  @Test("a value that may be none is decided as a value, not as absent")
  func optionalValue() {
    let moved = SyncDecision<String?>(base: .some("news"), local: .some(nil), remote: .some("news"))
    #expect(moved == .send(nil))
    #expect(moved.deletesThere == false)
    let gone = SyncDecision<String>(base: "news", local: nil, remote: "news")
    #expect(gone.deletesThere)
  }
}
