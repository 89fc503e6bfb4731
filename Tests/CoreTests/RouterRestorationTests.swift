import Core
import Foundation
import Testing

enum TodoRoute: Hashable, Codable, Sendable {
  case list
  case item(id: Int)
  case edit(id: Int)
}

@Suite("Router restoration")
@MainActor
struct RouterRestorationTests {
  @Test("a snapshot is plain JSON of the routes, without type names")
  func snapshotShape() throws {
    let router = Router<TodoRoute>(path: [.list, .item(id: 7)])
    let json = String(decoding: try router.snapshot(), as: UTF8.self)
    #expect(json == #"{"path":[{"list":{}},{"item":{"id":7}}],"version":1}"#)
  }

  @Test("a snapshot round-trips into another router in one change")
  func roundTrip() throws {
    let source = Router<TodoRoute>(path: [.list, .item(id: 7), .edit(id: 7)])
    let restored = Router<TodoRoute>(path: [.list])
    var changes: [[TodoRoute]] = []
    restored.onChange = { _, new in changes.append(new) }
    try restored.restore(from: try source.snapshot())
    #expect(restored.path == [.list, .item(id: 7), .edit(id: 7)])
    #expect(changes == [[.list, .item(id: 7), .edit(id: 7)]])
  }

  @Test(
    "an unreadable snapshot throws and leaves the stack as it was",
    arguments: [
      "not json",
      #"{"version":1}"#,
      #"{"path":[{"unknown":{}}],"version":1}"#,
      #"{"path":[{"item":{"id":"seven"}}],"version":1}"#,
      "",
    ])
  func malformed(json: String) {
    let router = Router<TodoRoute>(path: [.list, .item(id: 1)])
    let scope = router.scope(for: router.entries[1].id)
    var changed = false
    router.onChange = { _, _ in changed = true }
    #expect {
      try router.restore(from: Data(json.utf8))
    } throws: { error in
      (error as? RouterRestorationError)?.reason == .malformed
    }
    #expect(router.path == [.list, .item(id: 1)])
    #expect(!changed)
    #expect(!scope.isEnded)
  }

  @Test("a snapshot of another version is refused with its version in the message")
  func unsupportedVersion() throws {
    let router = Router<TodoRoute>(path: [.list])
    let error = try #require(throws: RouterRestorationError.self) {
      try router.restore(from: Data(#"{"path":[],"version":2}"#.utf8))
    }
    #expect(error.reason == .unsupportedVersion(2))
    #expect(error.description == "the saved navigation state has unsupported version 2")
    #expect(router.path == [.list])
  }
}
