import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// What a newsboat user reaches for, and output safety, through the built `feed`.
@Suite("feed: reading features, end to end", .timeLimit(.minutes(10)))
struct FeedFeatureTests {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-features") }

  func addFeed(_ text: String = FeedSamples.rss(title: "News", count: 3)) throws {
    try home.run("add", try home.write(text, to: "news.xml"))
    try home.run("refresh")
  }

  @Test("mark-unread and mark-read take an item or a feed")
  func markUnread() throws {
    try addFeed()
    #expect(
      try home.run("mark-read", "1").output
        == "Marked 3 items read; '\(appIdentity.name) undo' takes it back.\n")
    #expect(try home.run("mark-unread", "1.2").output == "Marked 1.2 unread.\n")
    let unread = try home.run("read", "--unread").output
    #expect(unread.contains("Item 2") && !unread.contains("Item 3"))
    #expect(try home.run("mark-read", "1.2").output == "Marked 1.2 read.\n")
    #expect(try home.run("read", "--unread").output == "No unread items.\n")
    #expect(
      try home.run("mark-unread", "--all").output
        == "Marked 3 items unread; '\(appIdentity.name) undo' takes it back.\n")
    #expect(try home.run("mark-unread", "1.99", expect: 64).error.contains("no item 1.99"))
  }

  @Test("mark-read --all asks for --yes, saying how many; undo takes the change back")
  func markAllAndUndo() throws {
    try addFeed()
    try home.run("add", try home.write(FeedSamples.rss(title: "More", count: 2), to: "more.xml"))
    try home.run("refresh")
    try home.run("mark-read", "1.3")
    let refused = try home.run("mark-read", "--all", expect: 64)
    #expect(refused.error.contains("--all would mark 4 items of 2 feeds read; nothing was marked"))
    #expect(refused.error.contains("add --yes"))
    #expect(try home.run("read", "--unread").output.contains("1.2"))
    #expect(
      try home.run("mark-read", "--all", "--yes").output
        == "Marked 4 items read; '\(appIdentity.name) undo' takes it back.\n")
    #expect(try home.run("read", "--unread").output == "No unread items.\n")
    #expect(try home.run("undo").output == "undid: marked 4 items of 2 feeds read\n")
    let unread = try home.run("read", "--unread").output
    // The marks the change turned are turned back; the one read before stays read.
    #expect(unread.contains("1.2") && unread.contains("2.1") && !unread.contains("1.3"))
    #expect(try home.run("mark-read", "2").output.contains("Marked 2 items read"))
    #expect(try home.run("undo").output == "undid: marked 2 items of feed 2 read\n")
    #expect(try home.run("undo", expect: 64).error.contains("nothing to undo"))
  }

  @Test("read --search matches title, author and text, ignoring case")
  func search() throws {
    try addFeed()
    let hits = try home.run("read", "--search", "ITEM 2").output
    #expect(hits.contains("1.2") && !hits.contains("1.3"))
    #expect(try home.run("read", "-s", "text of item 3").output.contains("1.3"))
    #expect(try home.run("read", "--search", "zebra").output == "No items match 'zebra'.\n")
    let json = try home.run("read", "--search", "item 1", "--json").output
    #expect(json.contains("\"1.1\"") && !json.contains("\"1.2\""))
  }

  @Test("rename sets a title and clears it")
  func rename() throws {
    try addFeed()
    #expect(try home.run("rename", "1", "Daily").output == "Feed 1 is now shown as: Daily\n")
    #expect(try home.run("list").output.contains("Daily"))
    #expect(try home.run("read", "Daily").output.contains("Item 3"))
    #expect(try home.run("rename", "Daily").output == "Feed 1 is now shown as: News\n")
  }

  @Test("undated items come after dated ones, newest first")
  func undatedLast() throws {
    let feedText = """
      <rss version="2.0"><channel><title>Mixed</title>
      <item><guid>u1</guid><title>Undated</title></item>
      <item><guid>d1</guid><title>Old</title><pubDate>Mon, 05 Jan 2015 10:00:00 GMT</pubDate></item>
      <item><guid>d2</guid><title>New</title><pubDate>Mon, 05 Oct 2026 10:00:00 GMT</pubDate></item>
      </channel></rss>
      """
    try addFeed(feedText)
    let lines = try home.run("read").output.split(separator: "\n").dropFirst()
    #expect(
      lines.map { $0.split(separator: " ").last.map(String.init) } == ["New", "Old", "Undated"])
  }

  @Test("feed show dates the item as the listings do")
  func showDate() throws {
    try addFeed()
    let listed = try home.run("read").output
    #expect(listed.contains("2026-10-04"))
    #expect(try home.run("show", "1.3").output.contains("News · 2026-10-04\n"))
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

  @Test("a huge Retry-After waits a day at most, shows in list, and --force fetches anyway")
  func retryAfterCap() throws {
    let server = try LoopbackServer(replies: [
      .text(FeedSamples.rss(count: 1)),
      .text("busy", status: 503, headers: ["Retry-After": "99999999999"]),
      .text(FeedSamples.rss(count: 2)),
    ])
    defer { server.stop() }
    try home.run("add", server.url("/feed.xml").absoluteString)
    let before = Date()
    try home.run("refresh", expect: 69)
    let list = try home.run("list", "--json").standardOutput
    let feeds = try #require(
      (try JSONSerialization.jsonObject(with: list) as? [String: Any])?["feeds"] as? [[String: Any]]
    )
    let until = try #require(
      (feeds[0]["retryNotBefore"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
    #expect(until <= Date().addingTimeInterval(24 * 3600))
    #expect(until >= before.addingTimeInterval(24 * 3600 - 60))
    #expect(try home.run("list").output.contains("waiting until"))
    #expect(try home.run("refresh").output.contains("skipped"))
    #expect(server.requests.count == 2)
    #expect(try home.run("refresh", "--force").output.contains("1 new, 2 cached"))
    #expect(server.requests.count == 3)
  }

  @Test("refresh announces new items; the bell rings only on a terminal")
  func announce() throws {
    // `add` reads a local file at once; two more items arrive before the refresh.
    let path = try home.write(FeedSamples.rss(count: 1), to: "a.xml")
    try home.run("add", path)
    _ = try home.write(FeedSamples.rss(count: 3), to: "a.xml")
    let first = try home.run("refresh").output
    #expect(first.hasSuffix("2 new items in 1 feed.\n"))
    #expect(!first.contains("\u{7}"))
    let again = try home.run("refresh").output
    #expect(!again.contains("new item"))
  }

  @Test(
    "on a real terminal the bell rings after new items, unless notifications are off",
    arguments: [(nil, true), (true, true), (false, false)] as [(Bool?, Bool)])
  func bellOnTerminal(notifications: Bool?, rings: Bool) throws {
    if let notifications {
      let config = home.appending("config/\(appIdentity.family)")
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      try Data("{\"notifications\": \(notifications)}".utf8).write(
        to: config.appendingPathComponent("settings.json"))
    }
    try home.run("add", try home.write(FeedSamples.rss(count: 1), to: "a.xml"))
    _ = try home.write(FeedSamples.rss(count: 3), to: "a.xml")
    // `script` gives the command a pseudo-terminal as its standard output.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", "'\(home.product.url.path)' refresh", "/dev/null"]
    process.environment = home.environment
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.contains("2 new items in 1 feed."))
    // A copy of the sample reads no shared settings, so nothing turns its bell off.
    #expect(text.contains("\u{7}") == (rings || !FeedPreferences.readsSharedSettings))
  }

  @Test("--json escapes DEL, C1 and bidi controls as \\u sequences")
  func jsonEscapes() throws {
    let text = """
      <rss version="2.0"><channel><title>Esc&#x85;aped</title>
      <item><guid>x</guid><title>A&#x7F;B&#x9B;C&#x202E;D&#x2067;E&#x200F;F</title>
      <pubDate>Mon, 05 Oct 2026 10:00:00 GMT</pubDate></item></channel></rss>
      """
    try addFeed(text)
    for arguments in [["read", "--json"], ["show", "1.1", "--json"], ["list", "--json"]] {
      let output = try home.product.run(arguments, environment: home.environment).output
      let raw = output.unicodeScalars.filter {
        (0x7F...0x9F).contains($0.value) || [0x202E, 0x2067, 0x200F].contains($0.value)
      }
      #expect(raw.isEmpty, "\(arguments)")
      #expect(try JSONSerialization.jsonObject(with: Data(output.utf8)) is [String: Any])
    }
    let json = try home.run("read", "--json").output
    #expect(json.contains("A\\u007fB\\u009bC\\u202eD\\u2067E\\u200fF"))
  }

  @Test("no command creates stray folders, not even a fetch over HTTP; the app's are 0700")
  func noStrayFolders() throws {
    for arguments in [["list"], ["read"], ["list", "--json"], ["export"]] {
      _ = try home.product.run(arguments, environment: home.environment)
    }
    try home.run("add", try home.write(FeedSamples.rss(count: 1), to: "a.xml"))
    try home.run("list")
    // An HTTP fetch: a URLSession here would create a URL cache folder under
    // $XDG_CACHE_HOME and a cookie folder under $XDG_DATA_HOME.
    let server = try LoopbackServer(replies: [.text(FeedSamples.rss(title: "Web", count: 1))])
    defer { server.stop() }
    try home.run("add", server.url("/web.xml").absoluteString)
    try home.run("refresh")
    #expect(server.requests.count == 2)
    let data = home.appending("data")
    let cache = home.appending("cache")
    let dataEntries = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
    #expect(dataEntries == [appIdentity.family])
    #expect((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] == [])
    for folder in [
      data.appendingPathComponent(appIdentity.family),
      data.appendingPathComponent("\(appIdentity.family)/\(appIdentity.name)"),
    ] {
      let mode =
        try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
      #expect(mode == 0o700, "\(folder.path)")
    }
  }

  @Test("config refresh-on-open is stored and shown")
  func config() throws {
    #expect(try home.run("config").output == "refresh-on-open = off\n")
    #expect(try home.run("config", "refresh-on-open", "on").output == "refresh-on-open = on\n")
    #expect(try home.run("config", "refresh-on-open").output == "on\n")
  }
}
