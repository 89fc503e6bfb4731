import Core
import Foundation
import Testing

@Suite("Deep links")
@MainActor
struct DeepLinkMapTests {
  static let links = DeepLinkMap<TodoRoute> { url in
    let segments = DeepLinkMap<TodoRoute>.segments(of: url)
    guard segments.first == "items" else { return nil }
    guard segments.count > 1 else { return [.list] }
    guard let id = Int(segments[1]) else { return nil }
    switch segments.dropFirst(2) {
    case []: return [.list, .item(id: id)]
    case ["edit"]: return [.list, .item(id: id), .edit(id: id)]
    default: return nil
    }
  }

  @Test(
    "segments are the host and the path components, decoded",
    arguments: [
      ("todo://items/7/edit", ["items", "7", "edit"]),
      ("todo:///items/7", ["items", "7"]),
      ("todo://items/hello%20world", ["items", "hello world"]),
      ("todo://items/7/?filter=done", ["items", "7"]),
      ("https://example.com/a/b", ["example.com", "a", "b"]),
      ("todo://", []),
    ])
  func segments(link: String, expected: [String]) throws {
    let url = try #require(URL(string: link))
    #expect(DeepLinkMap<TodoRoute>.segments(of: url) == expected)
  }

  @Test(
    "a known link replaces the whole path in one change",
    arguments: [
      ("todo://items", [TodoRoute.list]),
      ("todo://items/7", [.list, .item(id: 7)]),
      ("todo://items/7/edit", [.list, .item(id: 7), .edit(id: 7)]),
    ])
  func known(link: String, expected: [TodoRoute]) throws {
    let router = Router<TodoRoute>(path: [.list, .item(id: 1)])
    var changes: [[TodoRoute]] = []
    router.onChange = { _, new in changes.append(new) }
    #expect(router.open(try #require(URL(string: link)), using: Self.links))
    #expect(router.path == expected)
    #expect(changes == [expected])
  }

  @Test(
    "an unknown link maps to nil and leaves the stack unchanged",
    arguments: ["todo://settings", "todo://items/seven", "todo://items/7/delete", "todo://"])
  func unknown(link: String) throws {
    let router = Router<TodoRoute>(path: [.list, .item(id: 1)])
    var changed = false
    router.onChange = { _, _ in changed = true }
    let url = try #require(URL(string: link))
    #expect(Self.links.path(for: url) == nil)
    #expect(!router.open(url, using: Self.links))
    #expect(!router.open(url) { _ in nil })
    #expect(router.path == [.list, .item(id: 1)])
    #expect(!changed)
  }

  @Test("a mapping closure works like a DeepLinkMap")
  func closure() throws {
    let router = Router<TodoRoute>()
    let url = try #require(URL(string: "todo://anything"))
    #expect(router.open(url) { _ in [.item(id: 3)] })
    #expect(router.path == [.item(id: 3)])
  }
}
