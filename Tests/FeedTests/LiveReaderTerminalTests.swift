#if canImport(Glibc)
  import BlueprintFeedFeatures
  import Core
  import CoreTesting
  import Foundation
  import Testing

  /// The open reader shows what `feed` in another process did, with no key pressed:
  /// the built executable on a real pseudo-terminal. Each test waits for the screen it
  /// expects; the deadlines only guard a hang.
  @Suite("the open reader follows other processes' changes", .timeLimit(.minutes(10)))
  struct LiveReaderTerminalTests {
    @Test("feed refresh elsewhere brings new items and counts; a star made elsewhere shows")
    func refreshAndStarElsewhere() async throws {
      let home = try FeedHome(prefix: "feed-live")
      let path = try home.write(FeedSamples.rss(title: "Local news", count: 2), to: "news.xml")
      try home.run("add", path, "--title", "News")
      let executable = home.product.url.path
      let environment = home.environment
      let status = try await offThePool { () throws -> Int32? in
        let session = try PseudoTerminalSession(
          executable, [], environment: environment, isControllingTerminal: true)
        try session.waitForScreen { $0.text.contains("News") }
        session.send("\r")  // the feed's items
        try session.waitForScreen { $0.text.contains("Item 2") && $0.text.contains("Item 1") }
        // Cron's `feed refresh`: the file now has two more items.
        _ = try home.write(FeedSamples.rss(title: "Local news", count: 4), to: "news.xml")
        try home.run("refresh")
        try session.waitForScreen { $0.text.contains("Item 4") && $0.text.contains("Item 3") }
        try home.run("star", "1.1")
        try session.waitForScreen { screen in
          screen.lines.contains { $0.contains("Item 1") && $0.contains("★") }
        }
        session.send("q")
        return try session.waitForExit().exitCode
      }
      #expect(status == 0)
    }

    @Test("The article being read stays open while another process refreshes its feed")
    func articleStaysOpen() async throws {
      let home = try FeedHome(prefix: "feed-live-article")
      let path = try home.write(FeedSamples.rss(title: "Local news", count: 2), to: "news.xml")
      try home.run("add", path, "--title", "News")
      let executable = home.product.url.path
      let environment = home.environment
      let status = try await offThePool { () throws -> Int32? in
        let session = try PseudoTerminalSession(
          executable, [], environment: environment, isControllingTerminal: true)
        try session.waitForScreen { $0.text.contains("News") }
        session.send("\r")
        try session.waitForScreen { $0.text.contains("Item 2") }
        session.send("\r")  // reads the newest, Item 2
        try session.waitForScreen(seconds: 60) { $0.text.contains("Text of item 2") }
        _ = try home.write(FeedSamples.rss(title: "Local news", count: 5), to: "news.xml")
        try home.run("refresh")
        // The article stays on screen; back in the list, the new items are there.
        let screen = try session.waitForScreen { $0.text.contains("Text of item 2") }
        #expect(screen.text.contains("Feeds › News › Item 2"), "\(screen.text)")
        session.send("\u{1b}")
        try session.waitForScreen { $0.text.contains("Item 5") && $0.text.contains("Item 3") }
        session.send("q")
        return try session.waitForExit().exitCode
      }
      #expect(status == 0)
    }
  }
#endif
