import BlueprintSamplesShared
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// The built `settings` editor on a real pseudo-terminal while another process holds
/// the settings file's lock: the screen shows busy and still answers keys, resizes
/// and quitting; quitting before the save says it was not made, and nothing is
/// written.
@Suite("the editor while another process holds the file's lock", .timeLimit(.minutes(10)))
struct StoreLockTerminalTests {
  let fixture: SettingsFixture

  init() throws {
    fixture = try SettingsFixture()
    let result = try fixture.run(["set", "displayName", "Ada"])
    try #require(result.status == 0, "settings set: \(result.error)")
  }

  /// The editor with `notifications` (the second setting) about to be switched off.
  var scenario: StoreLockTerminal {
    StoreLockTerminal(
      executable: fixture.product.url,
      environment: fixture.environment.merging(["TERM": "xterm"]) { $1 },
      storeFolder: fixture.settingsURL.deletingLastPathComponent(), ready: "notifications",
      change: "j ")
  }

  @Test("busy, keys, resize, quit: the change waiting for the lock is reported and not made")
  func quitWhileWaiting() async throws {
    let before = fixture.settingsText
    let outcome = try await scenario.quitWhileWaiting(
      keys: [.init("t", shows: "Palette"), .init("\u{1b}", shows: "notifications")],
      resizedShows: "notifications")
    #expect(outcome.exitCode == 75)
    #expect(
      outcome.output.contains(
        "\(appIdentity.name): error: quit before this change was saved, so it was not made"))
    #expect(outcome.output.contains("set notifications to false"))
    #expect(outcome.holderStatus == 0)
    #expect(fixture.settingsText == before)
    #expect(try fixture.sharedSettings().notifications == nil)
  }

  @Test("once the other process lets go, the waiting change is saved and shown")
  func savedWhenReleased() async throws {
    let outcome = try await scenario.releaseWhileWaiting(savedShows: "notifications = false")
    #expect(outcome.holderStatus == 0)
    #expect(outcome.exitCode == 0)
    #expect(try fixture.sharedSettings().notifications == false)
    #expect(try fixture.sharedSettings().displayName == "Ada")
  }
}
