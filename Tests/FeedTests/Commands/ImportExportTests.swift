import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `import` and `export` through the built `feed`: OPML both ways, local files included.
@Suite("the import and export commands", .timeLimit(.minutes(10)))
struct ImportExportTests: FeedHomeSuite {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-opml") }

  @Test("export then import keeps every subscription, local files included")
  func exportImportRoundTrip() throws {
    let path = try home.write(FeedSamples.rss(title: "Local", count: 2), to: "local.xml")
    try home.run("add", path, "--title", "Mine")
    let server = try LoopbackServer(replies: [.text(FeedSamples.rss(count: 1))])
    defer { server.stop() }
    try home.run("add", server.url("/feed").absoluteString, "--title", "Line\u{2028}break")
    let exported = try home.run("export").output
    #expect(exported.contains("Line&#x2028;break"))
    let opml = try home.write(exported, to: "subs.opml")

    let other = try TemporaryDirectory(prefix: "feed-import")
    let otherEnvironment = other.isolatedEnvironment(["TERM": "xterm-256color"])
    let imported = try home.product.run(["import", opml], environment: otherEnvironment)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(
      imported.output
        == "Added 2 feeds (0 already subscribed); '\(appIdentity.name) refresh' fetches them.\n")
    #expect(imported.error.isEmpty, "\(imported.error)")
    let list = try home.product.run(["list", "--json"], environment: otherEnvironment)
    let json = try JSONSerialization.jsonObject(with: list.standardOutput)
    let feeds = try #require((json as? [String: Any])?["feeds"] as? [[String: Any]])
    #expect(
      feeds.compactMap { $0["url"] as? String }
        == [URL(fileURLWithPath: path).absoluteString, server.url("/feed").absoluteString])
    #expect(feeds.compactMap { $0["title"] as? String } == ["Mine", "Line\u{2028}break"])
    // The same export again changes nothing.
    let again = try home.product.run(["import", opml], environment: otherEnvironment)
    #expect(again.output == "Added no feeds (2 already subscribed).\n")
  }

  @Test("OPML import subscribes, export lists the feeds as OPML 2.0")
  func opml() throws {
    let opml = try home.write(
      """
      <?xml version="1.0"?>
      <opml version="1.0"><head><title>mine</title></head><body>
      <outline text="Tech"><outline text="A &amp; B" type="rss" xmlUrl="https://a.example/feed"/></outline>
      <outline text="C" xmlUrl="https://c.example/rss"/>
      <outline text="Bad" xmlUrl="javascript:alert(1)"/>
      <outline text="No scheme" xmlUrl="example.com/feed.xml"/>
      <outline text="Host and port" xmlUrl="localhost:8080/feed.xml"/>
      <outline text="Spaced" xmlUrl="  https://s.example/rss
      "/>
      <outline text="A path" xmlUrl="feeds/blog.rss"/>
      </body></opml>
      """, to: "subs.opml")
    let imported = try home.run("import", opml)
    #expect(
      imported.output
        == "Added 3 feeds (0 already subscribed); '\(appIdentity.name) refresh' fetches them.\n")
    #expect(imported.error.contains("skipped javascript:alert(1)"))
    #expect(imported.error.contains("skipped localhost:8080/feed.xml: not a whole"))
    // An xmlUrl is a whole URL; one without a scheme is not a path next to the file.
    #expect(
      imported.error.contains(
        "skipped example.com/feed.xml: not a whole http, https or file URL"), "\(imported.error)")
    #expect(imported.error.contains("skipped feeds/blog.rss: not a whole"))
    #expect(try home.run("import", opml).output == "Added no feeds (3 already subscribed).\n")
    let exported = try home.run("export").output
    #expect(exported.contains("xmlUrl=\"https://s.example/rss\""))
    #expect(
      exported.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
    #expect(
      exported.contains(
        "<outline type=\"rss\" text=\"A &amp; B\" title=\"A &amp; B\" xmlUrl=\"https://a.example/feed\"/>"
      ))
    let notOPML = try home.write(FeedSamples.rss(), to: "x.opml")
    #expect(try home.product.run(["import", notOPML], environment: home.environment).status == 65)
    // White space before the XML declaration, as files saved by hand have: read.
    let spaced = try home.write(
      "\n  <?xml version=\"1.0\"?><opml><body><outline xmlUrl=\"https://w.example/a\"/></body></opml>",
      to: "spaced.opml")
    #expect(
      try home.run("import", spaced).output
        == "Added 1 feed (0 already subscribed); '\(appIdentity.name) refresh' fetches it.\n")
    // Cut short after two outlines: refused whole, nothing added.
    let cut = try home.write(
      #"<opml><body><outline xmlUrl="https://d.example/a"/><outline xmlUrl="https://e.example/b""#,
      to: "cut.opml")
    let refused = try home.product.run(["import", cut], environment: home.environment)
    #expect(refused.status == 65)
    #expect(refused.error.contains("is not an OPML file: the XML breaks off"), "\(refused.error)")
    #expect(!(try home.run("export").output.contains("d.example")))
  }

  @Test("import says how many feeds it added, and that refresh fetches them")
  func importSaysWhatNext() async throws {
    let file = try opml([("A", "https://a.example/feed"), ("B", "https://b.example/feed")])
    let imported = try await home.runToExit("import", file)
    #expect(
      imported.output
        == "Added 2 feeds (0 already subscribed); '\(appIdentity.name) refresh' fetches them.\n")
    let again = try await home.runToExit("import", file)
    #expect(again.output == "Added no feeds (2 already subscribed).\n")
    // Nothing was fetched: the feeds wait for that refresh.
    #expect(try await home.runToExit("list").output.contains("not fetched"))
  }
}
