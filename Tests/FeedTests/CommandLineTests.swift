import BlueprintFeedFormats
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// The command line as a whole, through the built `feed` with a temporary HOME and XDG
/// folders: the first run, a reading session across commands, usage errors, hostile
/// text and escapes, no stray folders, help and version; the spec is well formed; and
/// the habits every app gets from the runner, checked as a user meets them by
/// CoreTesting's one checker. (Each sample's tests call it with their own executable,
/// so a test target runs only the app it depends on.)
@Suite("the command line, run as the built executable", .timeLimit(.minutes(10)))
struct CommandLineTests: FeedHomeSuite {
  let home: FeedHome
  let habits: CommandLineHabits

  init() throws {
    home = try FeedHome(prefix: "feed-test")
    habits = try CommandLineHabits(
      app: appIdentity.name,
      importable: Data(
        #"<opml version="2.0"><body><outline xmlUrl="https://example.com/feed.xml"/></body></opml>"#
          .utf8))
  }

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

  @Test(
    "global options alone still open the interactive UI on a terminal",
    .timeLimit(.minutes(10)), arguments: [[], ["--color", "never"], ["--color=always"]])
  func globalOptionsKeepTheUI(arguments: [String]) async throws {
    try await habits.checkOpensTheUI(with: arguments)
  }

  @Test("a command on a terminal prints and exits without the UI", .timeLimit(.minutes(10)))
  func commandSkipsTheUI() async throws {
    try await habits.checkCommandSkipsTheUI()
  }

  @Test("control characters in an argument are shown escaped")
  func escapedEcho() async throws {
    try await habits.checkEscapedEcho()
  }

  @Test("a 120 KB argument is cut in the echo")
  func longEcho() async throws {
    try await habits.checkLongEcho()
  }

  @Test("import reads a process substitution, a pipe on stdin and a file")
  func importSources() async throws {
    try await habits.checkImportSources()
  }

  @Test("import of a missing file or a folder exits 66 naming it; an endless input is cut off")
  func importFailures() async throws {
    try await habits.checkImportFailures()
  }

  /// The app's command types make a well-formed command line: each name once in its
  /// scope, a variadic argument only last, no empty names.
  @Test("no name is used twice, none is empty, a variadic argument comes last")
  func wellFormed() {
    expectWellFormed(FeedCommands.all.spec)
  }

  @Test("Right-to-left marks and other bidi marks never reach the output; HTML titles read plainly")
  func bidiMarks() throws {
    let body = """
      <rss version="2.0"><channel><title>Marks\u{200F} feed</title>
      <item><title>gnp.\u{200F}exe\u{200E} \u{61C}file</title><guid>urn:1</guid></item>
      <item><title>&lt;b&gt;Bold&lt;/b&gt; &lt;a href="https://x.example/"&gt;news&lt;/a&gt;</title>
        <guid>urn:2</guid></item>
      </channel></rss>
      """
    let path = home.appending("marks.xml")
    try Data(body.utf8).write(to: path)
    let environment = home.environment
    #expect(try home.product.run(["add", path.path], environment: environment).status == 0)
    #expect(try home.product.run(["refresh"], environment: environment).status == 0)
    for command in [["list"], ["read"], ["show", "1.1"]] {
      let result = try home.product.run(command, environment: environment)
      #expect(result.status == 0, "\(command): \(result.error)")
      for mark in ["\u{200F}", "\u{200E}", "\u{61C}"] {
        #expect(!result.output.contains(mark), "\(command)")
      }
    }
    let read = try home.product.run(["read"], environment: environment).output
    #expect(read.contains("gnp.exe file"), "\(read)")
    #expect(read.contains("Bold news"), "\(read)")
    #expect(!read.contains("[1]"), "\(read)")
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
}
