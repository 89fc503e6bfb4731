import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTerminal
import Testing

@testable import BlueprintSettingsFeatures

@Suite("Setting types: parsing and canonical forms")
struct SettingTypeTests {
  @Test(
    "Valid input is stored in canonical form",
    arguments: [
      ("displayName", "Ada", "Ada"),
      ("displayName", "  Ada Lovelace ", "Ada Lovelace"),
      ("displayName", "Zoë 🙂", "Zoë 🙂"),
      ("displayName", String(repeating: "x", count: 64), String(repeating: "x", count: 64)),
      ("notifications", "true", "true"),
      ("notifications", "YES", "true"),
      ("notifications", "on", "true"),
      ("notifications", "1", "true"),
      ("notifications", "False", "false"),
      ("notifications", " no ", "false"),
      ("notifications", "off", "false"),
      ("notifications", "0", "false"),
      ("appearance", "dark", "dark"),
      ("appearance", " Light", "light"),
      ("appearance", "SYSTEM", "system"),
      ("theme.accent", "#f00", "#FF0000"),
      ("theme.accent", "ff0000", "#FF0000"),
      ("theme.accent", "#FF000080", "#FF000080"),
      ("theme.accent", "#f008", "#FF000088"),
      ("theme.accent", "#FF0000FF", "#FF0000"),
      ("theme.accent", " #0F0 /  #00f ", "#00FF00/#0000FF"),
      ("theme.accent", "#5e5ce6/#7d7aff", "#5E5CE6/#7D7AFF"),
      ("theme.accent", "#5E5CE6 / #7D7AFF", "#5E5CE6/#7D7AFF"),
      ("theme.accent", "#abc/#ABC", "#AABBCC"),
      ("theme.palette.danger", "#c02626", "#C02626"),
      ("theme.density", "Compact", "compact"),
      ("theme.density", "spacious", "spacious"),
    ])
  func canonical(key: String, input: String, stored: String) throws {
    let setting = try Setting.named(key)
    #expect(try setting.canonicalize(input) == stored)
    var settings = SharedSettings()
    try setting.assign(input, in: &settings)
    #expect(setting.storedText(in: settings) == stored)
    // The canonical form parses to itself.
    #expect(try setting.canonicalize(stored) == stored)
  }

  @Test(
    "Invalid input is rejected with a precise reason",
    arguments: [
      ("displayName", "", "has 0 characters; expected 1–64"),
      ("displayName", "   ", "'   ' has 0 characters once trimmed; expected 1–64"),
      ("displayName", String(repeating: "x", count: 65), "has 65 characters; expected 1–64"),
      ("displayName", "Ada\u{7}", "contains the control character U+0007"),
      ("displayName", "a\nb", "contains the control character U+000A"),
      ("displayName", "evil\u{202E}txt", "contains the control character U+202E"),
      ("displayName", "bad\u{FFFD}", "contains bytes that are not valid UTF-8"),
      ("notifications", "maybe", "is not one of true, false, yes, no, on, off, 1, 0"),
      ("notifications", "", "is not one of true, false"),
      ("appearance", "dim", "'dim' is not one of system, light, dark"),
      ("theme.density", "cozy", "'cozy' is not one of compact, regular, spacious"),
      ("theme.accent", "#12345", "'#12345' has 5 hex digits; expected 3, 4, 6 or 8"),
      ("theme.accent", "red", "contains 'r', which is not a hex digit"),
      ("theme.accent", "#000/#fff/#f00", "has 3 colors; expected one, or LIGHT/DARK"),
      ("theme.palette.text", "", "is empty"),
      ("theme.palette.text", "#0f0/", "is empty"),
      ("theme.palette.text", String(repeating: "#", count: 65), "is too long to be a color"),
    ])
  func invalid(key: String, input: String, reason: String) throws {
    let setting = try Setting.named(key)
    let error = try #require(throws: SettingError.self) { try setting.canonicalize(input) }
    guard case .invalidValue(let errorKey, _, let message, let choices) = error else {
      Issue.record("expected invalidValue, got \(error)")
      return
    }
    #expect(errorKey == key)
    #expect(message.contains(reason), "\(message)")
    #expect(choices == setting.choices)
  }

  @Test(
    "A pasted essay is shortened in the error, which stays one short line",
    arguments: ["displayName", "notifications", "appearance", "theme.accent", "theme.density"])
  func longValue(key: String) throws {
    let essay = String(repeating: "x", count: 5000)
    let error = try #require(throws: SettingError.self) {
      try Setting.named(key).canonicalize(essay)
    }
    #expect(error.message.count < 160, "\(error.message)")
    #expect(error.message.contains("'xxxxxxxxxx"))
    #expect(error.message.contains("…'"))
  }

  @Test("A very long unknown key is shortened in the error")
  func longKey() {
    let error = #expect(throws: SettingError.self) {
      try Setting.named(String(repeating: "k", count: 5000))
    }
    #expect((error?.message.count ?? .max) < 80)
  }

  @Test("An enum error's hint lists the valid choices")
  func enumHint() throws {
    let error = try #require(throws: SettingError.self) {
      try Setting.named("theme.density").canonicalize("huge")
    }
    #expect(error.appError.exitCode == .usage)
    #expect(error.hint?.contains("compact, regular, spacious") == true)
  }

  @Test(
    "An unknown key suggests the closest one",
    arguments: [
      ("apperance", "appearance"),
      ("Appearance", "appearance"),
      ("displayname", "displayName"),
      ("theme.acent", "theme.accent"),
      ("accent", "theme.accent"),
      ("theme.background", "theme.palette.background"),
      ("theme.palette.accent", "theme.accent"),
      ("theme.palette.Accent", "theme.accent"),
      ("Theme.Palette.SecondaryText", "theme.palette.secondaryText"),
      ("theme.palette.sucess", "theme.palette.success"),
      ("notification", "notifications"),
    ])
  func suggestion(typed: String, expected: String) {
    #expect(throws: SettingError.unknownKey(typed, suggestion: expected)) {
      try Setting.named(typed)
    }
  }

  @Test("A key far from every setting gets no suggestion")
  func noSuggestion() {
    #expect(throws: SettingError.unknownKey("volume", suggestion: nil)) {
      try Setting.named("volume")
    }
  }

  @Test("Every key of SharedSettings is declared once, every palette role included")
  func registryCoversSharedSettings() {
    var expected = [
      SharedSettings.Key.displayName, SharedSettings.Key.notifications,
      SharedSettings.Key.appearance, SharedSettings.Key.density,
    ]
    expected += Palette.Role.allCases.map(SharedSettings.Key.palette)
    #expect(Set(Setting.keys) == Set(expected))
    #expect(Setting.keys.count == expected.count)
  }

  @Test("Defaults are the values apps use when nothing is stored")
  func defaults() throws {
    let empty = SharedSettings()
    #expect(try Setting.named("notifications").text(in: empty) == "true")
    #expect(try Setting.named("appearance").text(in: empty) == "system")
    #expect(try Setting.named("theme.density").text(in: empty) == "regular")
    #expect(try Setting.named("displayName").text(in: empty) == nil)
    for role in Palette.Role.allCases {
      let setting = try Setting.named(SharedSettings.Key.palette(role))
      #expect(setting.text(in: empty) == Theme.default.palette[role].hex)
      #expect(setting.isDefault(in: empty))
    }
  }

  @Test("A stored value equal to the default is not marked as changed")
  func storedDefault() throws {
    let setting = try Setting.named("appearance")
    var settings = SharedSettings()
    try setting.assign("system", in: &settings)
    #expect(setting.isDefault(in: settings))
    try setting.assign("dark", in: &settings)
    #expect(!setting.isDefault(in: settings))
    #expect(settings.appearance == .dark)
  }
}
