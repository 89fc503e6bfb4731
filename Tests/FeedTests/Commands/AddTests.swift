import BlueprintFeedFormats
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `feed add` through the built binary: addresses as people paste them, reading at
/// once, and web pages that name their feed.
@Suite("the add command", .timeLimit(.minutes(10)))
struct AddTests {
  let home: FeedHome

  init() throws {
    home = try FeedHome(prefix: "feed-add", terminal: nil)
  }

  func run(_ arguments: String..., expect status: Int32 = 0) async throws -> ProductResult {
    try await home.runToExit(arguments, expect: status)
  }

  static let page = """
    <!DOCTYPE html>
    <html><HEAD><title>A blog</title>
    <!-- <link rel="alternate" type="application/rss+xml" href="/old.xml"> -->
    <LINK TYPE='application/rss+xml' href=feed.xml REL="alternate" title="Posts">
    <link rel="alternate" type="application/feed+json" href="/comments.json" title="Comments">
    </head><body><p>Hello</p></body></html>
    """

  @Test("a page given as host:port/path (no scheme) subscribes to the feed it names, read at once")
  func pageWithoutScheme() async throws {
    let server = try LoopbackServer(routes: [
      "/blog/": .text(Self.page, headers: ["Content-Type": "text/html"]),
      "/blog/feed.xml": .text(FeedSamples.rss(title: "Posts", count: 3)),
    ])
    defer { server.stop() }
    let typed = "127.0.0.1:\(server.port)/blog/"
    let base = "http://127.0.0.1:\(server.port)"
    let added = try await run("add", typed)
    #expect(
      added.output == """
        No file '\(typed)' here: trying \(base)/blog/
        \(base)/blog/ is a web page; it names the feed \(base)/blog/feed.xml
        Added feed 1: \(base)/blog/feed.xml
        Read it now: 3 items.
        The page names 1 other feed too ('\(appIdentity.name) add URL' adds one):
          \(base)/comments.json  Comments

        """)
    #expect(server.requests.map(\.path) == ["/blog/", "/blog/feed.xml"])
    // Read now: the items are there without a refresh, and the list shows it fetched.
    #expect(try await run("read").output.contains("Item 3"))
    let list = try await run("list").output
    #expect(list.contains("Posts") && !list.contains("never"), "\(list)")
    #expect(server.requests.count == 2)
  }

  @Test("a server that fails (a 5xx) keeps the subscription, says why and exits 69")
  func failedFetchKeeps() async throws {
    let server = try LoopbackServer(routes: ["/down.xml": .status(503)])
    defer { server.stop() }
    let url = server.url("/down.xml").absoluteString
    let added = try await run("add", url, expect: 69)
    #expect(added.output == "Added feed 1: \(url)\n")
    #expect(
      added.error == """
        \(appIdentity.name): error: feed 1 was added but could not be read now: HTTP 503 from 127.0.0.1:\(server.port)
        hint: '\(appIdentity.name) refresh 1' tries again

        """)
    let list = try await run("list").output
    #expect(list.contains(": HTTP 503 from 127.0.0.1"), "\(list)")
  }

  @Test(
    "an address that answers 404 or 410 adds nothing, says so and exits 66", arguments: [404, 410])
  func goneAddsNothing(status: Int) async throws {
    let server = try LoopbackServer(routes: ["/gone.xml": .status(status)])
    defer { server.stop() }
    let url = server.url("/gne.xml").absoluteString
    let added = try await run("add", url, expect: 66)
    #expect(added.output.isEmpty, "\(added.output)")
    #expect(added.error.contains("cannot add \(url): HTTP 404"), "\(added.error)")
    #expect(added.error.contains("hint: nothing was added"), "\(added.error)")
    let gone = server.url("/gone.xml").absoluteString
    let answered = try await run("add", gone, expect: 66)
    #expect(answered.error.contains("cannot add \(gone): HTTP \(status)"), "\(answered.error)")
    #expect(answered.error.contains("(\(status)); check it for a typo"), "\(answered.error)")
    #expect(try await run("list").output.hasPrefix("No feeds yet."))
  }

  @Test("--check, or a scheme that was assumed, adds nothing when the fetch fails")
  func strictAddsNothing() async throws {
    let server = try LoopbackServer(routes: ["/down.xml": .status(503)])
    defer { server.stop() }
    let checked = try await run(
      "add", "--check", server.url("/down.xml").absoluteString, expect: 69)
    #expect(checked.output.isEmpty)
    #expect(
      checked.error.contains("cannot read http://127.0.0.1:\(server.port)/down.xml: HTTP 503"))
    #expect(checked.error.contains("hint: nothing was added (--check)"))
    let typed = "localhost:\(server.port)/down.xml"
    let assumed = try await run("add", typed, expect: 69)
    #expect(assumed.output == "No file '\(typed)' here: trying http://\(typed)\n")
    #expect(
      assumed.error.contains("hint: nothing was added; there is no file '\(typed)' here either"))
    #expect(try await run("list").output.hasPrefix("No feeds yet."))
  }

  @Test("a page whose feed answers 404: the page names a feed, the feed's address answered 404")
  func linkedFeedGone() async throws {
    let server = try LoopbackServer(routes: [
      "/blog/": .text(Self.page, headers: ["Content-Type": "text/html"])
    ])
    defer { server.stop() }
    let base = "http://127.0.0.1:\(server.port)"
    let typed = "127.0.0.1:\(server.port)/blog/"
    // The scheme assumed: nothing is added, and the page is not said to be missing.
    let assumed = try await run("add", typed, expect: 66)
    #expect(
      assumed.error == """
        \(appIdentity.name): error: cannot add \(base)/blog/: the page names the feed \(base)/blog/feed.xml, but the feed's address answered 404 (HTTP 404 from 127.0.0.1:\(server.port))
        hint: nothing was added: the page's link to its feed is stale; give the address of the RSS, Atom or JSON feed itself

        """)
    #expect(!assumed.error.contains("no file"))
    // The whole address, with or without --check: a stale link adds nothing.
    let checked = try await run("add", "--check", "\(base)/blog/", expect: 66)
    #expect(checked.error.contains("the feed's address answered 404"))
    let kept = try await run("add", "\(base)/blog/", expect: 66)
    #expect(kept.output.isEmpty, "\(kept.output)")
    #expect(kept.error.contains("hint: nothing was added"), "\(kept.error)")
    #expect(try await run("list").output.hasPrefix("No feeds yet."))
    #expect(server.requests.map(\.path).filter { $0 == "/blog/feed.xml" }.count == 3)
  }

  @Test("an OPML file given to add: the hint says to import it, as it was typed")
  func opmlSuggestsImport() async throws {
    let folder = home.appending("work")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(
      #"<?xml version="1.0"?><opml version="2.0"><body><outline xmlUrl="https://a.example/f"/></body></opml>"#
        .utf8
    ).write(to: folder.appendingPathComponent("Subs.opml"))
    let added = try await home.run(in: folder, "add", "Subs.opml")
    #expect(added.status == 65)
    #expect(
      added.error.contains(
        "hint: it is a list of feeds (OPML): '\(appIdentity.name) import Subs.opml'"),
      "\(added.error)")
    #expect(try await run("list").output.hasPrefix("No feeds yet."))
    // Any other document that is not a feed keeps the usual hint.
    try Data("<html><body>hi</body></html>".utf8).write(to: folder.appendingPathComponent("a.xml"))
    let page = try await home.run(in: folder, "add", "a.xml")
    #expect(page.status == 65)
    #expect(!page.error.contains("import"), "\(page.error)")
  }

  @Test("a file of that name wins over a host-looking name; a missing one is 66")
  func fileWins() async throws {
    let folder = home.appending("work/example.com")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(FeedSamples.rss(title: "Local", count: 2).utf8)
      .write(to: folder.appendingPathComponent("feed.xml"))
    let added = try await home.run(in: home.appending("work"), "add", "example.com/feed.xml")
    #expect(added.status == 0, "\(added.error)")
    #expect(
      added.output
        == "Added feed 1: \(folder.appendingPathComponent("feed.xml").absoluteString)\nRead it now: 2 items.\n"
    )
    let missing = try await home.run(in: home.appending("work"), "add", "feed.xml")
    #expect(missing.status == 66)
    #expect(missing.error.contains("no such file: \(home.appending("work/feed.xml").path)"))
  }

  @Test("a 120 KB URL is refused with its length, and what is echoed is cut")
  func hugeURL() throws {
    let huge = "https://a.example/" + String(repeating: "x", count: 120_000)
    let result = try home.run("add", huge, expect: 64)
    #expect(
      result.error.hasPrefix(
        "\(appIdentity.name): error: the URL has 120018 bytes; a feed URL or path may have at most 8000\n"
      ),
      "\(result.error.prefix(300))")
    #expect(result.error.count < 400)
    #expect(result.output.isEmpty)
    #expect(try home.run("list").output.hasPrefix("No feeds yet."))

    // The longest URL accepted is stored whole but echoed cut, here and when added again.
    let server = try LoopbackServer(replies: [.text(FeedSamples.rss(count: 1))])
    defer { server.stop() }
    let long = server.url("/" + String(repeating: "y", count: 7_000)).absoluteString
    let added = try home.run("add", long)
    #expect(added.output.hasPrefix("Added feed 1: \(server.baseURL.absoluteString)yyy"))
    #expect(added.output.contains("…\n"))
    #expect(added.output.count < 400)
    let again = try home.run("add", long, expect: 64)
    #expect(
      again.error.hasPrefix(
        "\(appIdentity.name): error: already subscribed to \(server.baseURL.absoluteString)yyy"))
    #expect(again.error.contains("… (feed 1)"))
    #expect(again.error.count < 400)
  }

  @Test("add reads at once: a file or URL that is not a feed and names none is refused")
  func addChecks() throws {
    let notFeed = try home.write("<html><body>hello</body></html>", to: "page.html")
    let refused = try home.run("add", notFeed, expect: 65)
    #expect(refused.error.contains("not a feed"))
    #expect(try home.run("list").output.hasPrefix("No feeds yet."))

    let server = try LoopbackServer(routes: [
      "/page": .text("<html><body>hello</body></html>"),
      "/feed.xml": .text(FeedSamples.rss(count: 1)),
    ])
    defer { server.stop() }
    let page = try home.run("add", server.url("/page").absoluteString, expect: 65)
    #expect(page.error.contains("not a feed"), "\(page.error)")
    #expect(page.error.contains("hint: nothing was added: it names no feed either"))
    #expect(try home.run("list").output.hasPrefix("No feeds yet."))
    let added = try home.run("add", server.url("/feed.xml").absoluteString)
    #expect(added.output.hasSuffix("Read it now: 1 item.\n"), "\(added.output)")
    #expect(server.requests.map(\.path) == ["/page", "/feed.xml"])
  }
}
