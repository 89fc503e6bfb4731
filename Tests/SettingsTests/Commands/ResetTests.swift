import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// `reset` through the built `settings`: one key or all, backups, a corrupt file, a setting without a default.
@Suite("the reset command", .timeLimit(.minutes(10)))
struct ResetTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  @Test("reset KEY returns it to the default and keeps a backup of the previous file")
  func resetKey() throws {
    _ = try fixture.run(["set", "appearance", "dark"])
    _ = try fixture.run(["set", "theme.density", "compact"])
    let before = try #require(fixture.settingsText)
    let result = try fixture.run(["reset", "appearance"])
    #expect(result.status == 0)
    #expect(result.output == "appearance = system (default)\n")
    #expect(try fixture.sharedSettings().appearance == nil)
    #expect(try fixture.sharedSettings().density == .compact)
    #expect(try String(contentsOf: fixture.backupURL, encoding: .utf8) == before)
  }

  @Test("reset KEY with no settings file creates none")
  func resetWithoutFile() throws {
    let result = try fixture.run(["reset", "appearance"])
    #expect(result.status == 0)
    #expect(result.output == "appearance = system (default)\n")
    #expect(!FileManager.default.fileExists(atPath: fixture.settingsURL.path))
  }

  @Test("reset --all removes every setting; the backup restores them with import")
  func resetAll() throws {
    _ = try fixture.run(["set", "displayName", "Ada"])
    let before = try #require(fixture.settingsText)
    let result = try fixture.run(["reset", "--all"])
    #expect(result.status == 0)
    #expect(result.output.contains(fixture.backupURL.path))
    #expect(fixture.settingsText == nil)
    #expect(try String(contentsOf: fixture.backupURL, encoding: .utf8) == before)
    #expect(try fixture.run(["import", fixture.backupURL.path]).status == 0)
    #expect(try fixture.sharedSettings().displayName == "Ada")
  }

  @Test("reset --all replaces even a corrupt file, keeping it as the backup")
  func resetCorrupt() throws {
    try fixture.writeSettings("not json")
    #expect(try fixture.run(["reset", "--all"]).status == 0)
    #expect(fixture.settingsText == nil)
    #expect(try String(contentsOf: fixture.backupURL, encoding: .utf8) == "not json")
  }

  @Test("reset of a setting without a default says it is not set, once")
  func resetWithoutDefault() throws {
    _ = try fixture.run(["set", "displayName", "Ada"])
    let result = try fixture.run(["reset", "displayName"])
    #expect(result.status == 0)
    #expect(result.output == "displayName = (not set)\n")
  }
}
