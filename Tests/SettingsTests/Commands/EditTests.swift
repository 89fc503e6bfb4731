import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

@Suite("the edit command, with EDITOR set to a script", .timeLimit(.minutes(10)))
struct EditTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  /// An editor script that records the file it was given (its last argument), then replaces it with `content`.
  private func editor(writing content: String, status: Int = 0) throws -> String {
    let contentURL = fixture.folder.appending("new-content.json")
    try Data(content.utf8).write(to: contentURL)
    let script = fixture.folder.appending("editor.sh")
    try Data(
      """
      #!/bin/sh
      for file in "$@"; do :; done
      cp "$file" "\(fixture.folder.path)/seen.json"
      cat "\(contentURL.path)" > "$file"
      exit \(status)

      """.utf8
    ).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
    return script.path
  }

  private var seen: String? {
    try? String(contentsOf: fixture.folder.appending("seen.json"), encoding: .utf8)
  }

  @Test("A valid edit replaces the file canonically and keeps a backup")
  func validEdit() throws {
    _ = try fixture.run(["set", "displayName", "Ada"])
    let before = try #require(fixture.settingsText)
    let editor = try editor(writing: #"{"displayName": "Ada", "appearance": "LIGHT"}"#)
    let result = try fixture.run(["edit"], environment: ["EDITOR": editor])
    #expect(result.status == 0, "\(result.error)")
    #expect(seen == before)
    #expect(
      fixture.settingsText == "{\n  \"appearance\" : \"light\",\n  \"displayName\" : \"Ada\"\n}\n")
    #expect(try String(contentsOf: fixture.backupURL, encoding: .utf8) == before)
  }

  @Test("VISUAL wins over EDITOR, and the command runs through the shell with its arguments")
  func visualFirst() throws {
    let editor = try editor(writing: #"{"theme.density": "compact"}"#)
    let result = try fixture.run(
      ["edit"], environment: ["VISUAL": "\(editor) --wait", "EDITOR": "/bin/false"])
    #expect(result.status == 0, "\(result.error)")
    #expect(try fixture.sharedSettings().density == .compact)
  }

  @Test("An invalid edit exits 65, keeps the old file and the edit, and says why")
  func invalidEdit() throws {
    _ = try fixture.run(["set", "appearance", "dark"])
    let before = fixture.settingsText
    let editor = try editor(writing: #"{"appearance": "dim"}"#)
    let result = try fixture.run(["edit"], environment: ["EDITOR": editor])
    #expect(result.status == 65)
    #expect(result.error.contains("the edited settings are invalid: appearance: 'dim'"))
    #expect(result.error.contains("was not changed"))
    #expect(fixture.settingsText == before)
    // The hint names the kept copy, which holds the user's edit.
    let hint = try #require(result.error.split(separator: "\n").first { $0.hasPrefix("hint:") })
    let path = try #require(
      hint.split(separator: " ").first { $0.hasSuffix("settings.json;") }.map { $0.dropLast() })
    #expect(try String(contentsOfFile: String(path), encoding: .utf8) == #"{"appearance": "dim"}"#)
  }

  @Test("A change made while the editor is open wins; the edit is kept aside (exit 75)")
  func changedMeanwhile() throws {
    _ = try fixture.run(["set", "appearance", "dark"])
    let edit = try editor(writing: #"{"appearance": "light"}"#)
    // The "editor" also runs `settings set` before saving, as a second window would.
    let script = fixture.folder.appending("racing-editor.sh")
    try Data(
      """
      #!/bin/sh
      "\(fixture.product.url.path)" set theme.density compact >/dev/null || exit 9
      exec "\(edit)" "$@"

      """.utf8
    ).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
    let result = try fixture.run(["edit"], environment: ["EDITOR": script.path])
    #expect(result.status == 75, "\(result.error)")
    #expect(result.error.contains("changed while it was being edited; nothing was saved"))
    #expect(result.error.contains("hint: your edit is kept in "))
    let settings = try fixture.sharedSettings()
    #expect(settings.appearance == .dark)
    #expect(settings.density == .compact)
  }

  @Test("An unchanged file is not rewritten")
  func noChanges() throws {
    _ = try fixture.run(["set", "appearance", "dark"])
    let before = try #require(fixture.settingsText)
    let editor = try editor(writing: before)
    let result = try fixture.run(["edit"], environment: ["EDITOR": editor])
    #expect(result.status == 0)
    #expect(result.output == "no changes\n")
    #expect(!FileManager.default.fileExists(atPath: fixture.backupURL.path))
  }

  @Test("An editor that fails leaves the settings alone (exit 69)")
  func editorFails() throws {
    let editor = try editor(writing: #"{"appearance": "light"}"#, status: 3)
    let result = try fixture.run(["edit"], environment: ["EDITOR": editor])
    #expect(result.status == 69)
    #expect(result.error.contains("exited with status 3"))
    #expect(fixture.settingsText == nil)
  }

  @Test("A corrupt file can be repaired with edit")
  func repairCorrupt() throws {
    try fixture.writeSettings("{ broken")
    let editor = try editor(writing: #"{"appearance": "dark"}"#)
    let result = try fixture.run(["edit"], environment: ["EDITOR": editor])
    #expect(result.status == 0, "\(result.error)")
    #expect(seen == "{ broken")
    #expect(try fixture.sharedSettings().appearance == .dark)
    #expect(try String(contentsOf: fixture.backupURL, encoding: .utf8) == "{ broken")
  }

  @Test("Ctrl-C in the editor does not end settings: the edit made after it is saved")
  func interruptInEditor() throws {
    let edit = try editor(writing: #"{"appearance": "dark"}"#)
    // The terminal sends SIGINT to the whole foreground group; the editor survives
    // it (vim does). This "editor" checks that `settings` is its direct parent (the
    // `sh -c` execs the editor, so no shell sits in between to die of the
    // Ctrl-C), sends the signals to it, then saves. No wait is needed after `kill`:
    // the signal is pending at once, and a process it would end ends before it runs
    // another instruction of its own.
    let script = fixture.folder.appending("interrupted-editor.sh")
    let comm = appIdentity.name.prefix(15)  // the kernel keeps 15 bytes of a name
    try Data(
      """
      #!/bin/sh
      [ "$(cat /proc/$PPID/comm)" = \(comm) ] || exit 8
      pid=$PPID
      while [ "$(cat /proc/$pid/comm)" != \(comm) ]; do
        pid=$(cut -d ' ' -f 4 /proc/$pid/stat)
        [ "$pid" -gt 1 ] || exit 9
      done
      kill -INT $pid
      kill -QUIT $pid
      exec "\(edit)" "$@"

      """.utf8
    ).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
    // Started through `env --default-signal`: a Process started while a
    // ForegroundProcess test runs in this process would inherit SIGINT ignored
    // and hide the bug.
    let output = fixture.folder.appending("edit.out")
    let error = fixture.folder.appending("edit.err")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["--default-signal=INT,QUIT", fixture.product.url.path, "edit"]
    process.environment = fixture.environment.merging(["EDITOR": script.path]) { $1 }
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: error.path, contents: nil)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: error)
    try process.run()
    process.waitUntilExit()
    let errorText = try String(contentsOf: error, encoding: .utf8)
    #expect(
      process.terminationReason == .exit && process.terminationStatus == 0,
      "settings ended with \(process.terminationReason) \(process.terminationStatus): \(errorText)")
    #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("saved "))
    #expect(try fixture.sharedSettings().appearance == .dark)
    // The private copy is gone: nothing named settings-edit-* is left in TMPDIR.
    let left = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)
    #expect(!left.contains { $0.hasPrefix("settings-edit-") })
  }
}
