import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeed

/// The built `feed` reader on a real pseudo-terminal while another process holds the
/// store's lock: the screen shows busy and still answers keys, resizes and quitting;
/// quitting before the save says it was not made, and nothing is written.
///
/// Real processes and real I/O are the point; every wait is for screen content or an
/// exit, bounded by a hang guard, never a sleep.
@Suite("feed's reader while another process holds the store's lock", .timeLimit(.minutes(3)))
struct StoreLockTerminalTests {
  let home: TemporaryDirectory
  let feed: BuiltProduct

  init() throws {
    home = try TemporaryDirectory(prefix: "feed-lock")
    feed = try BuiltProduct("feed")
    let url = home.appending("news.xml")
    try Data(FeedSamples.rss(title: "News", count: 3).utf8).write(to: url)
    for arguments in [["add", url.path], ["refresh"]] {
      let result = try feed.run(arguments, environment: environment)
      try #require(result.status == 0, "feed \(arguments): \(result.error)")
    }
  }

  var environment: [String: String] { home.isolatedEnvironment(["TERM": "xterm"]) }

  /// The store's folder, whose lock the holder takes.
  var dataFolder: URL { home.appending("data/\(appIdentity.family)/\(appIdentity.name)") }

  /// The reader on a new pseudo-terminal (its controlling terminal, so a resize
  /// signals it), the feed on screen.
  func openUI() throws -> PseudoTerminalSession {
    let session = try PseudoTerminalSession(
      feed.url.path, [], environment: environment, isControllingTerminal: true)
    try session.waitForOutput("3 unread")
    return session
  }

  /// The feed's unread count, as `feed list --json` says.
  func unread() throws -> Int? {
    let json = try JSONSerialization.jsonObject(
      with: try feed.run(["list", "--json"], environment: environment).standardOutput)
    return ((json as? [String: Any])?["feeds"] as? [[String: Any]])?.first?["unread"] as? Int
  }

  @Test("busy, keys, resize, quit: the read mark waiting for the lock is reported and not made")
  func quitWhileWaiting() async throws {
    let (folder, environment) = (dataFolder, environment)
    let (status, output) = try await BlockingWork().read {
      let holder = try StoreLockHolder(folder: folder, environment: environment)
      let session = try openUI()
      session.send("m")  // mark all read: waits for the lock
      try session.waitForOutput("Working…")
      // Keys still work: Enter opens the feed's items.
      var mark = session.output.count
      session.send("\r")
      try session.waitForOutput("Item 3", after: mark)
      // A resize repaints the whole screen at the new size.
      mark = session.output.count
      session.setSize(columns: 120, rows: 40)
      try session.waitForOutput("Item 3", after: mark)
      session.send("q")
      let status = try session.waitForExit()
      try holder.release()
      return (status.exitCode, session.outputText)
    }
    #expect(status == 75)
    #expect(output.contains("feed: error: quit before this change was saved, so it was not made"))
    #expect(output.contains("mark every item of feed 1 read"))
    #expect(try unread() == 3)
  }

  @Test("once the other process lets go, the waiting read mark is saved and shown")
  func savedWhenReleased() async throws {
    let (folder, environment) = (dataFolder, environment)
    let (status, holderStatus) = try await BlockingWork().read {
      let holder = try StoreLockHolder(folder: folder, environment: environment)
      let session = try openUI()
      session.send("m")
      try session.waitForOutput("Working…")
      let holderStatus = try holder.release()
      try session.waitForOutput("0 unread")
      session.send("q")
      return (try session.waitForExit().exitCode, holderStatus)
    }
    #expect(holderStatus == 0)
    #expect(status == 0)
    #expect(try unread() == 0)
  }
}
