import BlueprintFeedFeatures
import Core
import CoreTesting
import Foundation
import Testing

/// `feed refresh`'s progress line through the built binary: on a terminal it shows
/// while feeds are fetched and is erased before the results; to a pipe nothing of it.
@Suite("feed refresh: a progress line on a terminal, nothing in a pipe", .timeLimit(.minutes(10)))
struct RefreshProgressTests {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-progress", terminal: nil) }

  /// Two feeds on one host; the second answers only when `gate` opens.
  func twoFeeds(gate: ReplyGate) throws -> LoopbackServer {
    let server = try LoopbackServer(routes: [
      "/a.xml": .text(FeedSamples.rss(title: "A", count: 2)),
      "/b.xml": .text(FeedSamples.rss(title: "B", count: 2)),
    ])
    try home.run("import", try home.write(Self.opml(server), to: "feeds.opml"))
    server.setRoute("/b.xml", to: .text(FeedSamples.rss(title: "B", count: 2)).held(by: gate))
    return server
  }

  static func opml(_ server: LoopbackServer) -> String {
    """
    <?xml version="1.0"?><opml version="2.0"><body>
    <outline text="A" xmlUrl="\(server.url("/a.xml").absoluteString)"/>
    <outline text="B" xmlUrl="\(server.url("/b.xml").absoluteString)"/>
    </body></opml>
    """
  }

  @Test("on a terminal: 'refreshing 1/2 · host' while the second feed is awaited, then erased")
  func terminalShowsProgress() async throws {
    let gate = ReplyGate()
    let server = try twoFeeds(gate: gate)
    defer { server.stop() }
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
    let server = try twoFeeds(gate: gate)
    defer { server.stop() }
    let result = try await home.runToExit(["refresh", "--force"])
    #expect(result.error.isEmpty, "\(result.error.debugDescription)")
    #expect(!result.output.contains("refreshing") && !result.output.contains("\r"))
    #expect(result.output.contains("4 new items in 2 feeds."), "\(result.output)")
  }
}
