import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

@Suite("settings commands, run as the built executable", .timeLimit(.minutes(10)))
struct CommandTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  // MARK: - set / get

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

  @Test("get --json reports value, default and whether it is the default")
  func getJSON() throws {
    _ = try fixture.run(["set", "notifications", "no"])
    let result = try fixture.run(["get", "notifications", "--json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
    #expect(object["key"] as? String == "notifications")
    #expect(object["type"] as? String == "bool")
    #expect(object["value"] as? Bool == false)
    #expect(object["default"] as? Bool == true)
    #expect(object["isDefault"] as? Bool == false)
    #expect(object["choices"] as? [String] == ["true", "false"])
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

  // MARK: - list / describe

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

  @Test("describe shows type, allowed values, default and the current value")
  func describe() throws {
    let result = try fixture.run(["describe", "theme.density"])
    #expect(
      result.output == """
        theme.density — How much space the apps leave between things.
          type:    one of compact, regular, spacious
          default: regular
          current: regular

        """)
  }

  // MARK: - reset

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

  @Test(
    "A backup that cannot be written exits 73 and leaves the settings file as it was",
    arguments: [["reset", "appearance"], ["reset", "--all"]])
  func backupBlocked(arguments: [String]) throws {
    _ = try fixture.run(["set", "appearance", "dark"])
    let before = try #require(fixture.settingsText)
    // A file where the backup folder should be (tests may run as root).
    try Data("x".utf8).write(to: fixture.backupURL.deletingLastPathComponent())
    let result = try fixture.run(arguments)
    #expect(result.status == 73)
    #expect(result.error.hasPrefix("\(appIdentity.name): error: cannot create the folder"))
    #expect(fixture.settingsText == before)
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

  // MARK: - Corrupt and unwritable files

  @Test(
    "A corrupt settings file exits 65, names the file and is left untouched",
    arguments: [
      ["list"], ["get", "appearance"], ["set", "appearance", "dark"], ["reset", "appearance"],
      ["theme"], ["export"],
    ])
  func corrupt(arguments: [String]) throws {
    let damaged = "{ \"appearance\": \"dark\", "
    try fixture.writeSettings(damaged)
    let result = try fixture.run(arguments)
    #expect(result.status == 65)
    #expect(result.output.isEmpty)
    #expect(
      result.error.hasPrefix(
        "\(appIdentity.name): error: the settings file \(fixture.settingsURL.path) is corrupt: "
          + "not valid JSON at line 1, column 25: expected a key"))
    #expect(result.error.contains("hint: fix it with '\(appIdentity.name) edit'"))
    #expect(fixture.settingsText == damaged)
  }

  @Test(
    "A stored value of the wrong type or form is corrupt, naming the key",
    arguments: [
      ("{\"notifications\": \"yes\"}", "notifications: expected a bool, found a string"),
      ("{\"appearance\": \"dim\"}", "appearance: 'dim' is not one of system, light, dark"),
      ("{\"displayName\": \"\"}", "displayName: '' has 0 characters"),
      ("{\"theme.accent\": \"#12\"}", "theme.accent: '#12' has 2 hex digits"),
      ("[1, 2]", "expected a JSON object of settings"),
      // One reading, shared: the apps skip "DARK" (warn, use the default), so it is no `dark` here.
      (
        "{\"appearance\": \"DARK\"}",
        "appearance: \"DARK\" is not one of system, light, dark in its stored form; the apps ignore it"
      ),
      ("{\"theme.density\": \" compact\"}", "theme.density: \" compact\" is not one of"),
      // Foundation keeps one of two equal keys without a word; the next `set` would drop one.
      (
        "{\"appearance\": \"dark\",\n \"appearance\": \"light\"}",
        "the key 'appearance' appears twice (again at line 2, column 2)"
      ),
      (
        "{\"future\": {\"a\": 1, \"\\u0061\": 2}}",
        "the key 'a' appears twice (again at line 1, column 21)"
      ),
      // Foundation reads a trailing comma as if it were not there; Core's check does not.
      ("{\"appearance\": \"dark\",\n}", "not valid JSON at line 2, column 1: expected a key"),
    ])
  func corruptValues(text: String, reason: String) throws {
    try fixture.writeSettings(text)
    let result = try fixture.run(["list"])
    #expect(result.status == 65)
    #expect(result.error.contains(reason), "\(result.error)")
    #expect(fixture.settingsText == text)
  }

  @Test("get reads a stored value as the apps do: \"DARK\" is a value to fix, not dark")
  func sharedReading() throws {
    let text = #"{"appearance": "DARK", "displayName": "Ada"}"#
    try fixture.writeSettings(text)
    let result = try fixture.run(["get", "appearance"])
    #expect(result.status == 65)
    #expect(result.output.isEmpty)
    #expect(result.error.contains(fixture.settingsURL.path), "\(result.error)")
    #expect(
      result.error.contains(
        #"appearance: "DARK" is not one of system, light, dark in its stored form; the apps ignore it"#
      ))
    #expect(fixture.settingsText == text)
    // The stored forms `set` writes still read back.
    try fixture.writeSettings(#"{"appearance": "dark", "notifications": false}"#)
    #expect(try fixture.run(["get", "appearance"]).output == "dark\n")
  }

  @Test("Keys that differ from another only by an escape are still distinct keys")
  func distinctKeys() throws {
    let text = #"{"future.a": 1, "future.b": {"a": 1, "b": [{"a": 2}]}, "appearance": "dark"}"#
    try fixture.writeSettings(text)
    let result = try fixture.run(["get", "appearance"])
    #expect(result.status == 0, "\(result.error)")
  }

  @Test("Keys a newer version wrote are kept when a setting changes")
  func unknownKeysKept() throws {
    try fixture.writeSettings(#"{"future.option": {"level": 3}, "appearance": "light"}"#)
    #expect(try fixture.run(["set", "theme.density", "spacious"]).status == 0)
    let stored = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.settingsURL))
        as? [String: Any])
    #expect((stored["future.option"] as? [String: Any])?["level"] as? Int == 3)
    #expect(stored["appearance"] as? String == "light")
    #expect(stored["theme.density"] as? String == "spacious")
  }

  @Test("reset --all replaces even a corrupt file, keeping it as the backup")
  func resetCorrupt() throws {
    try fixture.writeSettings("not json")
    #expect(try fixture.run(["reset", "--all"]).status == 0)
    #expect(fixture.settingsText == nil)
    #expect(try String(contentsOf: fixture.backupURL, encoding: .utf8) == "not json")
  }

  @Test("A config folder that cannot be created exits 73 and writes nothing")
  func cannotCreate() throws {
    // A file where the config folder should be: no permissions needed (tests may run as root).
    let blocker = fixture.folder.appending("config")
    try Data("x".utf8).write(to: blocker)
    let result = try fixture.run(["set", "appearance", "dark"])
    #expect(result.status == 73)
    #expect(result.error.hasPrefix("\(appIdentity.name): error: cannot create the folder"))
    #expect(try String(contentsOf: blocker, encoding: .utf8) == "x")
  }

  // MARK: - path, export, import

  @Test("path prints the file's location; export prints its canonical JSON")
  func pathAndExport() throws {
    #expect(try fixture.run(["path"]).output == fixture.settingsURL.path + "\n")
    _ = try fixture.run(["set", "theme.accent", "#5e5ce6/#7d7aff"])
    let export = try fixture.run(["export"])
    #expect(export.output == "{\n  \"theme.accent\" : \"#5E5CE6/#7D7AFF\"\n}\n")
    #expect(export.output == fixture.settingsText)
  }

  @Test("import checks every value first, canonicalizes, and keeps a backup")
  func importFile() throws {
    _ = try fixture.run(["set", "displayName", "Old"])
    let previous = try #require(fixture.settingsText)
    let file = fixture.folder.appending("mine.json")
    try Data(##"{"appearance": "Dark", "notifications": "off", "theme.accent": "#0a0"}"##.utf8)
      .write(to: file)
    let result = try fixture.run(["import", file.path])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "imported \(file.path); backup: \(fixture.backupURL.path)\n")
    let settings = try fixture.sharedSettings()
    #expect(settings.appearance == .dark)
    #expect(settings.notifications == false)
    #expect(settings.palette[.accent] == ColorToken(hex: "#00AA00"))
    #expect(settings.displayName == nil)
    #expect(try String(contentsOf: fixture.backupURL, encoding: .utf8) == previous)
  }

  @Test("import from standard input")
  func importStandardInput() throws {
    let result = try fixture.run(["import", "-"], input: #"{"theme.density": "compact"}"#)
    #expect(result.status == 0)
    // There was no settings file, so there is no backup to mention.
    #expect(result.output == "imported standard input\n")
    #expect(!FileManager.default.fileExists(atPath: fixture.backupURL.path))
    #expect(try fixture.sharedSettings().density == .compact)
  }

  @Test(
    "An invalid import exits 65 naming the file and the key; nothing changes",
    arguments: [
      (#"{"appearance": "dark", "theme.density": "huge"}"#, "theme.density: 'huge' is not one of"),
      (#"{"apperance": "dark"}"#, "unknown setting 'apperance'; did you mean 'appearance'?"),
      (#"{"notifications": 3}"#, "notifications: expected true or false"),
      ("{", "not valid JSON"),
    ])
  func invalidImport(text: String, reason: String) throws {
    _ = try fixture.run(["set", "displayName", "Ada"])
    let before = fixture.settingsText
    let file = fixture.folder.appending("bad.json")
    try Data(text.utf8).write(to: file)
    let result = try fixture.run(["import", file.path])
    #expect(result.status == 65)
    #expect(result.error.contains("\(file.path) is not a valid settings file"))
    #expect(result.error.contains(reason), "\(result.error)")
    #expect(fixture.settingsText == before)
    #expect(!FileManager.default.fileExists(atPath: fixture.backupURL.path))
  }

  @Test("import reads a pipe, as the shell's <(…) gives it")
  func importProcessSubstitution() throws {
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    shell.arguments = [
      "-c", #"exec "$0" import <(printf '%s' '{"appearance": "dark"}') 2>&1"#,
      fixture.product.url.path,
    ]
    shell.environment = fixture.environment
    let output = Pipe()
    shell.standardOutput = output
    try shell.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0, "\(text)")
    #expect(text.hasPrefix("imported /dev/fd/"))
    #expect(try fixture.sharedSettings().appearance == .dark)
  }

  @Test("export to a full disk exits 74 and says so, instead of reporting success")
  func exportToFullDisk() throws {
    #expect(try fixture.run(["set", "appearance", "dark"]).status == 0)
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", #"exec "$0" export > /dev/full"#, fixture.product.url.path]
    shell.environment = fixture.environment
    let errors = Pipe()
    shell.standardError = errors
    try shell.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 74)
    #expect(
      text
        == "\(appIdentity.name): error: cannot write to standard output: No space left on device\n")
  }

  @Test("Importing a missing file exits 66")
  func importMissing() throws {
    let result = try fixture.run(["import", fixture.folder.appending("nope.json").path])
    #expect(result.status == 66)
    #expect(
      result.error.contains(
        "cannot read \(fixture.folder.appending("nope.json").path): no such file"))
  }

  // MARK: - theme

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
