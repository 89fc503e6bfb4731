import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

@Suite("Interactive editor screens: golden frames on the virtual terminal")
@MainActor
struct EditorScreenTests {
  let folder: TemporaryDirectory
  let file: SettingsFile

  init() throws {
    folder = try TemporaryDirectory(prefix: "settings-screens")
    file = SettingsFile(
      directories: XDGDirectories(
        environment: ["XDG_CONFIG_HOME": folder.path], identity: appIdentity))
  }

  private func harness(
    size: TerminalSize = TerminalSize(columns: 72, rows: 20), capability: ColorCapability = .ansi256
  ) async throws -> (ScreenHarness, SettingsSession) {
    let session = try await SettingsSession.open(file: file, work: .inline())
    let stack = EditorApp.makeStack(session: session, environment: ["COLORFGBG": "15;0"])
    return (ScreenHarness(size: size, capability: capability, root: stack), session)
  }

  @Test("The list shows every setting, marks changed ones and colors' swatches")
  func list() async throws {
    try await SettingsSession.open(file: file).set(try Setting.named("theme.accent"), to: "#FF0000")
    let (harness, _) = try await harness()
    await harness.settle()
    assertGolden(harness.text, named: "editor-list")
    assertGolden(harness.styles, named: "editor-list.styles")
  }

  @Test("Space toggles a bool and the list shows the change")
  func toggle() async throws {
    let (harness, session) = try await harness()
    harness.press(.down, .character(" "))
    await harness.settle()
    #expect(session.settings.notifications == false)
    #expect(try file.load().settings.notifications == false)
    #expect(harness.text.contains("* notifications                false"))
    #expect(harness.text.contains("✓ notifications = false"))
  }

  @Test("Enter on a color opens the text field; an invalid value is red and not saved")
  func colorField() async throws {
    let (harness, session) = try await harness()
    let accent = try #require(Setting.all.firstIndex { $0.key == "theme.accent" })
    for _ in 0..<accent { harness.press(.down) }
    harness.press(.enter)
    harness.press(.ctrl("u"))
    harness.type("#12")
    await harness.settle()
    assertGolden(harness.text, named: "editor-color-invalid")
    assertGolden(harness.styles, named: "editor-color-invalid.styles")
    harness.press(.enter)
    await harness.settle()
    #expect(try file.data() == nil)
    #expect(harness.text.contains("Settings › theme.accent"))

    harness.type("3")
    await harness.settle()
    assertGolden(harness.text, named: "editor-color-valid")
    assertGolden(harness.styles, named: "editor-color-valid.styles")
    harness.press(.enter)
    await harness.settle()
    #expect(session.settings.palette[.accent] == ColorToken(hex: "#112233"))
    #expect(harness.text.contains("✓ theme.accent = #112233"))
    #expect(!harness.text.contains("›"))
  }

  @Test("A low-contrast palette color is kept and warned about, as `settings set` warns")
  func lowContrastWarning() async throws {
    let (harness, session) = try await harness(size: TerminalSize(columns: 140, rows: 20))
    let text = try #require(Setting.all.firstIndex { $0.key == "theme.palette.text" })
    for _ in 0..<text { harness.press(.down) }
    harness.press(.enter, .ctrl("u"))
    harness.type("#777777")
    harness.press(.enter)
    await harness.settle()
    #expect(session.settings.palette[.text] == ColorToken(hex: "#777777"))
    #expect(harness.text.contains("✓ theme.palette.text = #777777"))
    #expect(
      harness.text.contains(
        "! 4 pairs under 4.50:1 now: text on background (light) 4.48:1, "
          + "text on surface (light) 4.01:1"), "\(harness.text)")

    // A value with enough contrast clears the warning.
    harness.press(.enter, .ctrl("u"))
    harness.type("#1C1C1E/#F2F2F7")
    harness.press(.enter)
    await harness.settle()
    #expect(harness.text.contains("✓ theme.palette.text = #1C1C1E/#F2F2F7"))
    #expect(!harness.text.contains("pairs under"))
  }

  @Test("Enter on a choice pushes the picker; Enter stores the choice and goes back")
  func picker() async throws {
    let (harness, session) = try await harness()
    harness.press(.down, .down, .enter)
    await harness.settle()
    assertGolden(harness.text, named: "editor-picker")
    harness.press(.down, .down, .enter)
    await harness.settle()
    #expect(session.settings.appearance == .dark)
    #expect(harness.text.contains("* appearance                   dark"))
  }

  @Test("t shows the theme preview with the contrast of every pair, weak ones flagged")
  func themePreview() async throws {
    try await SettingsSession.open(file: file).set(
      try Setting.named("theme.palette.secondaryText"), to: "#BBBBBB/#A1A1AA")
    let (harness, _) = try await harness(size: TerminalSize(columns: 80, rows: 26))
    harness.press(.character("t"))
    await harness.settle()
    assertGolden(harness.text, named: "editor-theme")
    assertGolden(harness.styles, named: "editor-theme.styles")
  }

  @Test("A tiny window clips every screen inside its area")
  func tinyWindow() async throws {
    let (harness, _) = try await harness(size: TerminalSize(columns: 28, rows: 7))
    await harness.settle()
    assertGolden(harness.text, named: "editor-tiny-list")
    harness.press(.enter)
    await harness.settle()
    assertGolden(harness.text, named: "editor-tiny-field")
  }

  @Test("A stored name with escape sequences is refused as corrupt, never drawn")
  func hostileStoredName() async throws {
    try FileManager.default.createDirectory(
      at: folder.appending(appIdentity.family), withIntermediateDirectories: true)
    try Data(#"{"displayName": "Ada\u001b]0;x\u0007"}"#.utf8)
      .write(to: folder.appending("\(appIdentity.family)/settings.json"))
    await #expect(throws: SettingError.self) { try await SettingsSession.open(file: file) }
  }
}
