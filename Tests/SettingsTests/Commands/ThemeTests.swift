import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// `theme` through the built `settings`: every role in both appearances, weak contrast flagged, swatches.
@Suite("the theme command", .timeLimit(.minutes(10)))
struct ThemeTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  @Test("theme lists every role in both appearances and flags weak contrast, plain in a pipe")
  func theme() throws {
    _ = try fixture.run(["set", "theme.palette.secondaryText", "#CCCCCC/#A1A1AA"])
    let result = try fixture.run(["theme"])
    #expect(result.status == 0)
    #expect(!result.output.contains("\u{1B}"))
    for role in Palette.Role.allCases { #expect(result.output.contains("  \(role.rawValue) ")) }
    #expect(result.output.contains("secondaryText  #CCCCCC    #A1A1AA"))
    let weak = result.output.split(separator: "\n").filter { $0.hasSuffix("too low") }
    #expect(weak.count == 2)
    #expect(weak.allSatisfy { $0.contains("secondaryText on") && $0.contains("light") })
    #expect(result.output.hasSuffix("2 pairs under 4.50:1.\n"))
  }

  @Test("theme with FORCE_COLOR=3 paints truecolor swatches of both appearances")
  func themeColor() throws {
    _ = try fixture.run(["set", "theme.accent", "#FF0000/#00FF00"])
    let result = try fixture.run(["theme"], environment: ["FORCE_COLOR": "3"])
    #expect(result.output.contains("\u{1B}[48;2;255;0;0m  \u{1B}[49m #FF0000"))
    #expect(result.output.contains("\u{1B}[48;2;0;255;0m  \u{1B}[49m #00FF00"))
    let plain = try fixture.run(["theme"], environment: ["FORCE_COLOR": "3", "NO_COLOR": "1"])
    #expect(!plain.output.contains("\u{1B}"))
  }
}
