import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// The built `todo` on a real pseudo-terminal while another process holds the list's
/// lock: the screen shows busy and still answers keys, resizes and quitting; quitting
/// before the save says it was not made, and nothing is written.
///
/// Real processes and real I/O are the point; every wait is for screen content or an
/// exit, bounded by a hang guard, never a sleep.
@Suite("the screen while another process holds the list's lock", .timeLimit(.minutes(10)))
struct StoreLockTerminalTests {
  let home: TodoHome

  init() throws {
    home = try TodoHome()
    try home.output(["add", "Buy milk"])
    try home.output(["add", "Pay rent"])
  }

  /// `todo` with its list on screen, about to mark the selected item done.
  var scenario: StoreLockTerminal {
    StoreLockTerminal(
      executable: home.product.url,
      environment: home.environment.merging(["TERM": "xterm"]) { $1 },
      storeFolder: home.storeFile.deletingLastPathComponent(), ready: "Pay rent", change: " ")
  }

  @Test("busy, keys, resize, quit: the change waiting for the lock is reported and not made")
  func quitWhileWaiting() async throws {
    // Keys still work: the search field opens; Esc brings the list's keys back.
    let outcome = try await scenario.quitWhileWaiting(
      keys: [.init("/", shows: "Search:"), .init("\u{1b}", shows: "Move")],
      resizedShows: "Buy milk")
    #expect(outcome.exitCode == 75)
    #expect(
      outcome.output.contains(
        "\(appIdentity.name): error: quit before this change was saved, so it was not made"))
    #expect(outcome.output.contains("mark 1 done"))
    #expect(outcome.holderStatus == 0)
    let items = try TodoStore(directory: scenario.storeFolder).load().items
    #expect(items.allSatisfy { !$0.isDone })
  }

  @Test("once the other process lets go, the waiting change is saved and shown")
  func savedWhenReleased() async throws {
    let outcome = try await scenario.releaseWhileWaiting(savedShows: "done 1")
    #expect(outcome.holderStatus == 0)
    #expect(outcome.exitCode == 0)
    #expect(try TodoStore(directory: scenario.storeFolder).load().item(1).isDone)
  }
}
