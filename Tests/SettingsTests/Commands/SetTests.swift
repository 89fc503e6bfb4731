import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// `set` through the built `settings`: the canonical value stored and read back by every
/// app, bad keys and values, hostile values, contrast warnings, a color's hint.
@Suite("the set command", .timeLimit(.minutes(10)))
struct SetTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  @Test("set stores the canonical value, get prints it, every app reads it")
  func setAndGet() throws {
    let set = try fixture.run(["set", "theme.accent", "#f00"])
    #expect(set.status == 0)
    #expect(set.output == "theme.accent = #FF0000\n")
    // Kept, with a warning: pure red is weak on the light background.
    #expect(
      set.error
        == "\(appIdentity.name): warning: 1 pair under 4.50:1 now: accent on background (light) 4.00:1\n"
        + "hint: the value was kept; run '\(appIdentity.name) theme' to see the contrast report\n")
    #expect(try fixture.run(["set", "notifications", "off"]).status == 0)
    #expect(
      fixture.settingsText == """
        {
          "notifications" : false,
          "theme.accent" : "#FF0000"
        }

        """)
    let get = try fixture.run(["get", "theme.accent"])
    #expect(get.output == "#FF0000\n")
    #expect(try fixture.sharedSettings().palette[.accent] == ColorToken(hex: "#FF0000"))
    #expect(try fixture.sharedSettings().notifications == false)
  }

  @Test(
    "Bad keys and values exit 64, name the problem and write nothing",
    arguments: [
      (["set", "apperance", "dark"], "unknown setting 'apperance'", "did you mean 'appearance'?"),
      (["get", "theme.acent"], "unknown setting 'theme.acent'", "did you mean 'theme.accent'?"),
      (
        ["set", "appearance", "dim"],
        "invalid value for appearance: 'dim' is not one of system, light, dark",
        "valid values: system, light, dark"
      ),
      (
        ["set", "theme.accent", "#12345"],
        "invalid value for theme.accent: '#12345' has 5 hex digits; expected 3, 4, 6 or 8",
        "\(appIdentity.name) describe theme.accent"
      ),
      (["set", "displayName", ""], "invalid value for displayName: '' has 0 characters", ""),
      (
        ["set", "displayName", "   "],
        "invalid value for displayName: '   ' has 0 characters once trimmed; expected 1–64", ""
      ),
      (["reset"], "missing key", "\(appIdentity.name) reset KEY | --all"),
      (["reset", "appearance", "--all"], "give a key or --all, not both", ""),
    ])
  func usageErrors(arguments: [String], message: String, hint: String) throws {
    let result = try fixture.run(arguments)
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("\(appIdentity.name): error: \(message)"), "\(result.error)")
    #expect(hint.isEmpty || result.error.contains(hint))
    #expect(fixture.settingsText == nil)
  }

  @Test("A value with escape sequences or invalid UTF-8 is refused, and the error is safe")
  func hostileValues() throws {
    let escape = try fixture.run(["set", "displayName", "Ada\u{1B}]0;owned\u{7}"])
    #expect(escape.status == 64)
    #expect(!escape.error.contains("\u{1B}"))
    #expect(!escape.error.contains("\u{7}"))
    // What the shell passes for $'\xff': a lone invalid byte, repaired to U+FFFD.
    let invalid = try fixture.run(["set", "displayName", String(decoding: [0xFF], as: UTF8.self)])
    #expect(invalid.status == 64)
    #expect(invalid.error.contains("not valid UTF-8"))
    #expect(fixture.settingsText == nil)
  }

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

  @Test("an invalid color's hint lists every accepted form, #RGBA included")
  func colorHint() throws {
    let result = try fixture.run(["set", "theme.accent", "nope"])
    #expect(result.status == 64)
    #expect(
      result.error.contains(
        "hint: expected color: #RGB, #RGBA, #RRGGBB, #RRGGBBAA, or LIGHT/DARK"), "\(result.error)")
    #expect(try fixture.run(["set", "theme.accent", "#F008"]).status == 0)
  }
}
