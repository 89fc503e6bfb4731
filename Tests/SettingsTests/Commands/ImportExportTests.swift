import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// `path`, `export` and `import` through the built `settings`: files, standard input and pipes, invalid and missing files, a full disk, escapes.
@Suite("the path, export and import commands", .timeLimit(.minutes(10)))
struct ImportExportTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

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
}
