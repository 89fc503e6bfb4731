import Core
import Foundation
import Testing

@Suite("Sync merge, field by field")
struct SyncMergeTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var base: SyncRecord?
    var local: SyncRecord
    var remote: SyncRecord
    var localNewer: Bool
    var merged: SyncRecord
    var conflicts: [String]  // "field:kept<-replaced"
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "nothing changed", base: ["t": "a"], local: ["t": "a"], remote: ["t": "a"],
      localNewer: true, merged: ["t": "a"], conflicts: []),
    Case(
      name: "changed locally", base: ["t": "a"], local: ["t": "b"], remote: ["t": "a"],
      localNewer: false, merged: ["t": "b"], conflicts: []),
    Case(
      name: "changed remotely", base: ["t": "a"], local: ["t": "a"], remote: ["t": "c"],
      localNewer: true, merged: ["t": "c"], conflicts: []),
    Case(
      name: "different fields on each side", base: ["t": "a", "n": "x"],
      local: ["t": "b", "n": "x"], remote: ["t": "a", "n": "y"], localNewer: true,
      merged: ["t": "b", "n": "y"], conflicts: []),
    Case(
      name: "same change on both", base: ["t": "a"], local: ["t": "b"], remote: ["t": "b"],
      localNewer: false, merged: ["t": "b"], conflicts: []),
    Case(
      name: "same field, local newer", base: ["t": "a"], local: ["t": "b"], remote: ["t": "c"],
      localNewer: true, merged: ["t": "b"], conflicts: ["t:b<-c"]),
    Case(
      name: "same field, remote newer", base: ["t": "a"], local: ["t": "b"], remote: ["t": "c"],
      localNewer: false, merged: ["t": "c"], conflicts: ["t:c<-b"]),
    Case(
      name: "cleared locally", base: ["t": "a", "n": "x"], local: ["t": "a"],
      remote: ["t": "a", "n": "x"], localNewer: false, merged: ["t": "a"], conflicts: []),
    Case(
      name: "added remotely", base: ["t": "a"], local: ["t": "a"], remote: ["t": "a", "d": "1"],
      localNewer: true, merged: ["t": "a", "d": "1"], conflicts: []),
    Case(
      name: "cleared here, changed there, remote newer", base: ["n": "x"], local: [:],
      remote: ["n": "y"], localNewer: false, merged: ["n": "y"], conflicts: ["n:y<-nil"]),
    Case(
      name: "no base: differing fields conflict", base: nil, local: ["t": "a", "n": "x"],
      remote: ["t": "a", "n": "y"], localNewer: true, merged: ["t": "a", "n": "x"],
      conflicts: ["n:x<-y"]),
  ]

  @Test("merges against the last agreed record", arguments: cases)
  func merge(_ test: Case) {
    let older = Date(timeIntervalSince1970: 100)
    let newer = Date(timeIntervalSince1970: 200)
    let outcome = SyncMerge.merge(
      localID: "1", base: test.base, local: test.local,
      localModified: test.localNewer ? newer : older, remote: test.remote,
      remoteModified: test.localNewer ? older : newer)
    #expect(outcome.record == test.merged)
    #expect(
      outcome.conflicts.map { "\($0.field):\($0.kept ?? "nil")<-\($0.replaced ?? "nil")" }
        == test.conflicts)
    #expect(outcome.conflicts.allSatisfy { $0.keptLocal == test.localNewer })
  }

  @Test("an unknown time loses to a known one; two unknown keep the local value")
  func unknownTimes() {
    let known = Date(timeIntervalSince1970: 1)
    let remoteKnown = SyncMerge.merge(
      localID: "1", base: ["t": "a"], local: ["t": "b"], localModified: nil, remote: ["t": "c"],
      remoteModified: known)
    #expect(remoteKnown.record == ["t": "c"])
    let neither = SyncMerge.merge(
      localID: "1", base: ["t": "a"], local: ["t": "b"], localModified: nil, remote: ["t": "c"],
      remoteModified: nil)
    #expect(neither.record == ["t": "b"])
  }
}
