import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// The built `feed` reader on a real pseudo-terminal while another process holds the
/// store's lock: the screen shows busy and still answers keys, resizes and quitting;
/// quitting before the save says it was not made, and nothing is written.
///
/// Real processes and real I/O are the point; every wait is for screen content or an
/// exit, bounded by a hang guard, never a sleep.
@Suite("the reader while another process holds the store's lock", .timeLimit(.minutes(10)))
struct StoreLockTerminalTests {
  let home: FeedHome

  init() throws {
    home = try FeedHome(prefix: "feed-lock", terminal: "xterm")
    let url = home.appending("news.xml")
    try Data(FeedSamples.rss(title: "News", count: 3).utf8).write(to: url)
    for arguments in [["add", url.path], ["refresh"]] {
      let result = try home.product.run(arguments, environment: environment)
      try #require(result.status == 0, "feed \(arguments): \(result.error)")
    }
  }

  var environment: [String: String] { home.environment }

  /// The store's folder, whose lock the holder takes.
  var dataFolder: URL { home.dataFolder }

  /// The reader with the feed on screen, about to mark every item of it read.
  var scenario: StoreLockTerminal {
    StoreLockTerminal(
      executable: home.product.url, environment: environment, storeFolder: dataFolder,
      ready: "3 unread", change: "m")
  }

  /// The feed's unread count, as `feed list --json` says.
  func unread() throws -> Int? {
    let json = try JSONSerialization.jsonObject(
      with: try home.product.run(["list", "--json"], environment: environment).standardOutput)
    return ((json as? [String: Any])?["feeds"] as? [[String: Any]])?.first?["unread"] as? Int
  }

  @Test("busy, keys, resize, quit: the read mark waiting for the lock is reported and not made")
  func quitWhileWaiting() async throws {
    // Keys still work: Enter opens the feed's items.
    let outcome = try await scenario.quitWhileWaiting(
      keys: [.init("\r", shows: "Item 3")], resizedShows: "Item 3")
    #expect(outcome.exitCode == 75)
    #expect(
      outcome.output.contains(
        "\(appIdentity.name): error: quit before this change was saved, so it was not made"))
    #expect(outcome.output.contains("mark every item of feed 1 read"))
    #expect(outcome.holderStatus == 0)
    #expect(try unread() == 3)
  }

  @Test("once the other process lets go, the waiting read mark is saved and shown")
  func savedWhenReleased() async throws {
    let outcome = try await scenario.releaseWhileWaiting(savedShows: "0 unread")
    #expect(outcome.holderStatus == 0)
    #expect(outcome.exitCode == 0)
    #expect(try unread() == 0)
  }
}
