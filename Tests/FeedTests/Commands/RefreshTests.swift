import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `refresh` through the built `feed`: a progress line on a terminal (erased before the
/// results) and nothing of it in a pipe, one failing feed, servers that ask to wait or never answer, new items announced
/// and the bell.
@Suite("the refresh command", .timeLimit(.minutes(10)))
struct RefreshTests: FeedHomeSuite {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-progress") }

  /// Two feeds on two servers of one host; the second answers only when `gate` opens.
  /// Two servers, because a server takes one fetch at a time: were both feeds on one,
  /// the held feed could take the server first and the other would wait behind it.
  func twoFeeds(gate: ReplyGate) throws -> (LoopbackServer, LoopbackServer) {
    let feedB = LoopbackServer.Reply.text(FeedSamples.rss(title: "B", count: 2))
    let first = try LoopbackServer(routes: ["/a.xml": .text(FeedSamples.rss(title: "A", count: 2))])
    let second = try LoopbackServer(routes: ["/b.xml": feedB])
    try home.run("import", try home.write(Self.opml(first, second), to: "feeds.opml"))
    second.setRoute("/b.xml", to: feedB.held(by: gate))
    return (first, second)
  }

  static func opml(_ first: LoopbackServer, _ second: LoopbackServer) -> String {
    """
    <?xml version="1.0"?><opml version="2.0"><body>
    <outline text="A" xmlUrl="\(first.url("/a.xml").absoluteString)"/>
    <outline text="B" xmlUrl="\(second.url("/b.xml").absoluteString)"/>
    </body></opml>
    """
  }

  @Test("on a terminal: 'refreshing 1/2 · host' while the second feed is awaited, then erased")
  func terminalShowsProgress() async throws {
    let gate = ReplyGate()
    let (first, second) = try twoFeeds(gate: gate)
    defer {
      first.stop()
      second.stop()
    }
    let environment = home.folder.isolatedEnvironment(["TERM": "xterm"])
    let path = home.product.url.path
    let (shown, after, status) = try await offThePool { () throws -> (String, String, Int32?) in
      let session = try PseudoTerminalSession(
        path, ["refresh", "--force"], environment: environment)
      // The second feed is held: the line says one of two is done, and where.
      try session.waitForOutput("refreshing 1/2 · 127.0.0.1")
      let offset = session.output.count
      let shown = session.outputText
      gate.open()
      let exit = try session.waitForExit()
      return (shown, String(decoding: session.output[offset...], as: UTF8.self), exit.exitCode)
    }
    #expect(status == 0)
    #expect(shown.hasPrefix("\r"), "\(shown.debugDescription)")
    #expect(shown.contains("\rrefreshing 1/2 · 127.0.0.1\u{1B}[K"), "\(shown.debugDescription)")
    // Erased before the results, which are printed where the line was.
    let erase = try #require(after.range(of: "\r\u{1B}[K"), "\(after.debugDescription)")
    let table = try #require(after.range(of: "Result"), "\(after.debugDescription)")
    #expect(erase.lowerBound < table.lowerBound)
    #expect(after.contains("2 new"))
  }

  @Test("to a pipe: the results alone, nothing of the line on stderr")
  func pipeShowsNothing() async throws {
    let gate = ReplyGate()
    gate.open()
    let (first, second) = try twoFeeds(gate: gate)
    defer {
      first.stop()
      second.stop()
    }
    let result = try await home.runToExit(["refresh", "--force"])
    #expect(result.error.isEmpty, "\(result.error.debugDescription)")
    #expect(!result.output.contains("refreshing") && !result.output.contains("\r"))
    #expect(result.output.contains("4 new items in 2 feeds."), "\(result.output)")
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

  @Test("waiting on silent servers costs no CPU: the refresh ends on its own under a 1 s CPU limit")
  func waitingCostsNoCPU() async throws {
    let home = try FeedHome(prefix: "feed-stalled", terminal: nil)
    let feedText = LoopbackServer.Reply.text("<rss><channel><title>T</title></channel></rss>")
    let server = try LoopbackServer(routes: ["/a.xml": feedText, "/b.xml": feedText])
    defer { server.stop() }
    let environment = home.environment
    // `add` reads each feed once; then both fall silent. They are on two hosts (two
    // names of the server), so that both wait at once: a host's feeds take turns.
    let urls = [
      "/a.xml": server.url("/a.xml").absoluteString,
      "/b.xml": "http://localhost:\(server.port)/b.xml",
    ]
    for path in ["/a.xml", "/b.xml"] {
      let added = try home.product.run(["add", urls[path] ?? path], environment: environment)
      #expect(added.status == 0, "\(added.error)")
      server.setRoute(path, to: LoopbackServer.Reply.status(200).delayed(.seconds(50)))
    }
    // Both fetches wait 4 s on a silent server (the per-feed deadline). A client that
    // spins while it waits (FoundationNetworking's URLSession on Linux spends most of a
    // core) passes the 1 s of CPU `ulimit -t` allows and is killed by SIGXCPU; one that
    // waits in `poll` uses a few milliseconds and ends with the deadline's failure.
    let refresh = Process()
    refresh.executableURL = URL(fileURLWithPath: "/bin/sh")
    refresh.arguments = [
      "-c", #"ulimit -t 1 && exec "$0" refresh --feed-timeout 4"#, home.product.url.path,
    ]
    refresh.environment = environment
    refresh.standardOutput = FileHandle.nullDevice
    refresh.standardError = FileHandle.nullDevice
    let status = try await refresh.runToExit()
    #expect(refresh.terminationReason == .exit, "ended by signal \(status)")
    #expect(status == 69)
    #expect(server.requests.map(\.target).sorted() == ["/a.xml", "/a.xml", "/b.xml", "/b.xml"])
    let list = try home.product.run(["list"], environment: environment)
    #expect(
      list.output.components(separatedBy: "took longer than 4 s").count == 3, "\(list.output)")
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

  @Test("a host whose name does not resolve is tried once and named once")
  func unresolvedHost() async throws {
    // `.invalid` never resolves (RFC 2606): the lookup fails at once, offline too.
    let file = try opml([
      ("First", "http://nowhere.invalid/a.xml"), ("Second", "http://nowhere.invalid/b.xml"),
      ("Third", "http://elsewhere.invalid/c.xml"),
    ])
    try await home.runToExit("import", file)
    let refresh = try await home.runToExit("refresh", expect: 69)
    // No second attempt: the message does not say "retried".
    #expect(!refresh.output.contains("retried"), "\(refresh.output)")
    #expect(refresh.output.contains("cannot find the host nowhere.invalid\n"), "\(refresh.output)")
    #expect(refresh.output.contains("cannot find the host elsewhere.invalid\n"))
    // The second feed of that host is not looked up again, and the host is named once.
    #expect(
      refresh.output.components(separatedBy: "nowhere.invalid").count == 2, "\(refresh.output)")
    // Which of the host's two feeds is looked up depends on which fetch starts first;
    // the other names it.
    let tried = try #require(
      refresh.output.split(separator: "\n").first {
        $0.hasSuffix("cannot find the host nowhere.invalid")
      }
    ).split(separator: " ")[1]
    #expect(["1", "2"].contains(tried))
    #expect(
      refresh.output.contains(
        "not fetched: its host's name did not resolve for feed \(tried) during this refresh"))
    #expect(refresh.error.contains("3 of 3 feeds failed to refresh"))
  }
}
