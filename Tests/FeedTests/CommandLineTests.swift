import BlueprintFeedFeatures
import BlueprintFeedFormats
import Core
import CoreTesting
import Foundation
import Testing

/// The built `feed` executable, run with a temporary HOME and XDG folders.
@Suite("feed commands, end to end", .timeLimit(.minutes(10)))
struct FeedCommandTests {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-test") }

  @Test("the first run shows the bundled sample and says how to add feeds")
  func firstRun() throws {
    let result = try home.run()
    #expect(result.output.contains("Subscribe to your first feed"))
    #expect(result.output.contains("sample.1"))
    #expect(result.output.contains("\(appIdentity.name) add URL"))
    #expect(result.error.isEmpty)
    let show = try home.run("show", "sample.3")
    #expect(show.output.contains("Subscribe to your first feed"))
    #expect(show.output.contains("\(appIdentity.name) add example.com/feed.xml"))
  }

  @Test("add, refresh, read, show, mark read, list")
  func readingFlow() throws {
    let path = try home.write(FeedSamples.rss(title: "Local news", count: 3), to: "news.xml")
    let added = try home.run("add", path, "--title", "News")
    #expect(
      added.output
        == "Added feed 1: \(URL(fileURLWithPath: path).absoluteString)\nRead it now: 3 items.\n")
    #expect(!added.output.contains("Fetch it with"))
    #expect(!(try home.run("list").output.contains("never")))
    let refresh = try home.run("refresh")
    #expect(refresh.output.contains("1  News   0 new, 3 cached"), "\(refresh.output)")

    let read = try home.run("read")
    let lines = read.output.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[1].contains("1.3") && lines[1].contains("Item 3") && lines[1].hasPrefix("•"))

    let show = try home.run("show", "1.2")
    #expect(
      show.output.hasPrefix(
        "Item 2\nNews · 2026-10-03\nhttps://example.com/2\n\nText of item 2.\n"))
    #expect(!(try home.run("read", "--unread").output.contains("Item 2")))

    let json = try JSONSerialization.jsonObject(with: try home.run("list", "--json").standardOutput)
    let feeds = try #require((json as? [String: Any])?["feeds"] as? [[String: Any]])
    #expect(feeds.count == 1)
    #expect(feeds[0]["unread"] as? Int == 2)
    #expect(feeds[0]["items"] as? Int == 3)
    #expect(feeds[0]["title"] as? String == "News")
    #expect(feeds[0]["feedTitle"] as? String == "Local news")
    #expect((feeds[0]["lastFetched"] as? String)?.hasSuffix("Z") == true)

    #expect(
      try home.run("mark-read", "--all").output
        == "Marked 2 items read; '\(appIdentity.name) undo' takes it back.\n")
    #expect(try home.run("read", "--unread").output == "No unread items.\n")
    #expect(try home.run().output == "No unread items.\n")  // no arguments, not a terminal
    #expect(try home.run("read", "--limit", "1", "--json").output.contains("\"id\" : \"1.3\""))
  }

  @Test("a title shared by several feeds names them instead of saying there is none")
  func ambiguousTitle() throws {
    try home.run("add", try home.write(FeedSamples.rss(count: 1), to: "a.xml"), "--title", "Same")
    try home.run("add", try home.write(FeedSamples.rss(count: 1), to: "b.xml"), "--title", "same")
    let result = try home.run("read", "SAME", expect: 64)
    #expect(result.error.contains("'SAME' is the title of several feeds (1, 2)"), "\(result.error)")
    #expect(result.error.contains("hint: name the feed by its id"))
    try home.run("read", "2")
  }

  @Test("one failing feed: the others are saved, exit 69, one line per feed")
  func failingFeed() throws {
    let good = try home.write(FeedSamples.rss(count: 2), to: "good.xml")
    let bad = try home.write(FeedSamples.rss(count: 1), to: "bad.xml")
    try home.run("add", good)
    try home.run("add", bad)
    _ = try home.write("<html>no</html>", to: "bad.xml")  // it was a feed when added
    let result = try home.run("refresh", expect: 69)
    #expect(result.output.contains("ok       1"))
    #expect(result.output.contains("failed   2"))
    #expect(result.output.contains("not a feed"))
    #expect(
      result.error.hasPrefix("\(appIdentity.name): error: 1 of 2 feeds failed to refresh\nhint: "))
    #expect(try home.run("read", "1").output.contains("Item 2"))
    #expect(try home.run("list").output.contains("error: not a feed"))
  }

  @Test("a server that asked to wait is skipped on the next run")
  func retryAfterAcrossProcesses() throws {
    let server = try LoopbackServer(replies: [
      .text(FeedSamples.rss()), .text("busy", status: 503, headers: ["Retry-After": "600"]),
      .text(FeedSamples.rss()),
    ])
    defer { server.stop() }
    try home.run("add", server.url("/feed.xml").absoluteString)
    let first = try home.run("refresh", expect: 69)
    #expect(first.output.contains("HTTP 503"))
    let second = try home.run("refresh")
    #expect(second.output.contains("skipped"))
    #expect(server.requests.count == 2)
    #expect(
      server.requests.allSatisfy {
        $0.headers["User-Agent"] == "\(appIdentity.name)/\(appIdentity.version)"
      })
  }

  @Test("escape sequences and bidi overrides from a feed never reach stdout raw")
  func hostileText() throws {
    let path = try home.write(HostileFeeds.escapes, to: "evil.xml")
    try home.run("add", path)
    try home.run("refresh")
    for command in [["list"], ["read"], ["show", "1.1"], ["refresh"], []] {
      let result = try home.product.run(command, environment: home.environment)
      #expect(!result.output.contains("\u{1B}"), "\(command)")
      #expect(!result.output.contains("\u{7}"), "\(command)")
      #expect(!result.output.contains("\u{202E}"), "\(command)")
      #expect(!result.output.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x9D })
    }
    #expect(try home.run("read").output.contains("Red title desrever"))
    // JSON is data: kept as written, escaped.
    let json = try home.run("show", "1.1", "--json").output
    #expect(json.contains("\\u001b[31m"))
    #expect(!json.contains("\u{1B}"))
  }

  @Test(
    "usage errors and missing files",
    arguments: [
      (["add", "ftp://example.com/feed"], Int32(64), "unsupported URL scheme 'ftp'"),
      (["add", "/no/such/feed.xml"], 66, "no such file: /no/such/feed.xml"),
      (["add", "/"], 66, "/ is a folder, not a feed file"),
      (["rm", "9"], 64, "no feed '9'"),
      (["show", "nonsense"], 64, "invalid item 'nonsense'"),
      (["show", "sample.99"], 64, "no item sample.99"),
      (["read", "--limit", "x"], 64, "expected a count of 1 or more"),
      (
        ["read", "--limit", "0"], 64,
        "invalid value '0' for '--limit': expected a count of 1 or more"
      ),
      (["read", "--limit", "-1"], 64, "expected a count of 1 or more"),
      (["mark-read"], 64, "name an item or a feed, or give --all"),
      (["mark-unread"], 64, "name an item or a feed, or give --all"),
      (["refresh", "--timeout", "0"], 64, "expected seconds above 0"),
      (["rename", "7", "x"], 64, "no feed '7'"),
      (["config", "colour"], 64, "unknown option 'colour'"),
      (["config", "refresh-on-open", "maybe"], 64, "expected on or off"),
      (["import", "/no/such.opml"], 66, "no such file"),
      (["refesh"], 64, "did you mean 'refresh'"),
    ])
  func usageErrors(arguments: [String], status: Int32, message: String) throws {
    let result = try home.product.run(arguments, environment: home.environment)
    #expect(result.status == status)
    #expect(result.error.hasPrefix("\(appIdentity.name): error: "))
    #expect(result.error.contains(message), "\(result.error)")
    #expect(result.output.isEmpty)
  }

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

  @Test("a long feed title is cut in list and refresh, so it does not widen every row")
  func longTitle() throws {
    let long = String(repeating: "Long ", count: 80)
    try home.run("add", try home.write(FeedSamples.rss(title: long, count: 1), to: "long.xml"))
    try home.run("add", try home.write(FeedSamples.rss(title: "Short", count: 1), to: "short.xml"))
    for command in ["list", "refresh"] {
      let lines = try home.run(command).output.split(separator: "\n")
      #expect(lines.count == 3, "\(lines)")
      #expect(lines.allSatisfy { $0.count < 90 }, "\(command): \(lines)")
      #expect(lines.contains { $0.contains("Long Long") && $0.contains("…") })
    }
    // JSON keeps the whole title.
    #expect(
      try home.run("list", "--json").output.contains(long.trimmingCharacters(in: .whitespaces)))
  }

  @Test("rm forgets the feed's items: its record and the record's last good version go")
  func removeForgets() throws {
    let path = try home.write(FeedSamples.rss(title: "Local", count: 2), to: "local.xml")
    try home.run("add", path)
    try home.run("mark-read", "--all")  // an update, which keeps the version it replaced
    let files = { try FileManager.default.contentsOfDirectory(atPath: home.dataFolder.path) }
    #expect(try files().contains("feed-1.json.last-good"))
    try home.run("rm", "1")
    #expect(try files().filter { $0.hasPrefix("feed-1.") } == [])
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

  @Test("help and version come from the shared parser")
  func helpAndVersion() throws {
    #expect(try home.run("--version").output == "\(appIdentity.name) \(appIdentity.version)\n")
    let help = try home.run("--help").output
    for command in [
      "add", "rm", "list", "refresh", "read", "show", "mark-read", "import", "export",
    ] {
      #expect(help.contains(command))
    }
    #expect(try home.run("refresh", "--help").output.contains("69"))
  }
}
