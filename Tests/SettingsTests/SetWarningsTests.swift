import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// Warnings and wording of `settings set`, `reset` and `export`, through the built app.
@Suite("settings: contrast warnings, wording, escaped export", .timeLimit(.minutes(10)))
struct SetWarningsTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  @Test("a low-contrast palette color warns at set time, names the pairs and is kept")
  func lowContrast() throws {
    let result = try fixture.run(["set", "theme.palette.text", "#777777"])
    #expect(result.status == 0)
    #expect(result.output == "theme.palette.text = #777777\n")
    #expect(
      result.error
        == "\(appIdentity.name): warning: 4 pairs under 4.50:1 now: text on background (light) 4.48:1, "
        + "text on surface (light) 4.01:1, text on background (dark) 4.18:1, "
        + "text on surface (dark) 3.66:1\n"
        + "hint: the value was kept; run '\(appIdentity.name) theme' to see the contrast report\n")
    #expect(try fixture.sharedSettings().palette[.text] == ColorToken(hex: "#777777"))
  }

  @Test("a palette color with enough contrast sets without a warning")
  func enoughContrast() throws {
    let result = try fixture.run(["set", "theme.palette.text", "#1C1C1E/#F2F2F7"])
    #expect(result.status == 0)
    #expect(result.error.isEmpty, "\(result.error)")
  }

  @Test("reset of a setting without a default says it is not set, once")
  func resetWithoutDefault() throws {
    _ = try fixture.run(["set", "displayName", "Ada"])
    let result = try fixture.run(["reset", "displayName"])
    #expect(result.status == 0)
    #expect(result.output == "displayName = (not set)\n")
  }

  @Test("an invalid color's hint lists every accepted form, #RGBA included")
  func colorHint() throws {
    let result = try fixture.run(["set", "theme.accent", "nope"])
    #expect(result.status == 64)
    #expect(
      result.error.contains(
        "hint: expected color: #RGB, #RGBA, #RRGGBB, #RRGGBBAA, or LIGHT/DARK"), "\(result.error)")
    #expect(try fixture.run(["set", "theme.accent", "#F008"]).status == 0)
  }

  @Test("export escapes C1 controls and bidi overrides as \\u sequences")
  func escapedExport() throws {
    let hostile = "x\u{85}y\u{9B}2J\u{202E}gnp.exe\u{2066}"
    let text = try JSONSerialization.data(withJSONObject: ["future.note": hostile])
    try fixture.writeSettings(String(decoding: text, as: UTF8.self))
    let result = try fixture.run(["export"])
    #expect(result.status == 0)
    #expect(result.output.contains(#"x\u0085y\u009b2J\u202egnp.exe\u2066"#), "\(result.output)")
    #expect(!result.output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    #expect(!result.output.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    let decoded = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
    #expect(decoded?["future.note"] as? String == hostile)
  }

  @Test("the descriptions say what displayName and notifications do")
  func descriptions() throws {
    let name = try fixture.run(["describe", "displayName"])
    #expect(name.output.contains("todo's header"))
    let notifications = try fixture.run(["describe", "notifications"])
    #expect(notifications.output.contains("feed announces new items after a refresh"))
    #expect(notifications.output.contains("bell"))
  }
}
