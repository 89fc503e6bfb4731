import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// `list` through the built `settings`: values that differ from the default, swatches, `--json`.
@Suite("the list command", .timeLimit(.minutes(10)))
struct ListTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  @Test("list marks the values that differ from the default, plain text in a pipe")
  func list() throws {
    _ = try fixture.run(["set", "appearance", "dark"])
    _ = try fixture.run(["set", "displayName", "Ada"])
    let result = try fixture.run(["list"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == Setting.all.count)
    #expect(lines.contains { $0.hasPrefix("* appearance") && $0.hasSuffix("  dark") })
    #expect(lines.contains { $0.hasPrefix("* displayName") && $0.hasSuffix("  Ada") })
    #expect(lines.contains { $0.hasPrefix("  theme.density") && $0.hasSuffix("  regular") })
    #expect(!result.output.contains("\u{1B}"))
    // No arguments and no terminal: the same listing.
    #expect(try fixture.run([]).output == result.output)
  }

  @Test("list with FORCE_COLOR=3 shows truecolor swatches of the stored colors")
  func listColor() throws {
    _ = try fixture.run(["set", "theme.accent", "#FF0000"])
    let result = try fixture.run(["list"], environment: ["FORCE_COLOR": "3"])
    #expect(result.output.contains("\u{1B}[48;2;255;0;0m  \u{1B}[49m #FF0000"))
  }

  @Test("list --json is one document listing every setting in order")
  func listJSON() throws {
    _ = try fixture.run(["set", "theme.density", "compact"])
    let result = try fixture.run(["list", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
    #expect(object["path"] as? String == fixture.settingsURL.path)
    let settings = try #require(object["settings"] as? [[String: Any]])
    #expect(settings.compactMap { $0["key"] as? String } == Setting.keys)
    let density = try #require(settings.first { $0["key"] as? String == "theme.density" })
    #expect(density["value"] as? String == "compact")
    #expect(density["isDefault"] as? Bool == false)
    #expect(density["choices"] as? [String] == ["compact", "regular", "spacious"])
  }
}
