import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The settings file under concurrent writers, a strict umask, FIFOs and links; corrupt
/// files and values, keys it does not know, folders and backups that cannot be written.
@Suite("Settings file safety", .timeLimit(.minutes(20)))
struct SettingsFileSafetyTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  @Test(
    "Forty processes setting the same key ten times each at once all succeed",
    .tags(.heavy), .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason))
  func sameKeyRace() async throws {
    let fixture = try SettingsFixture()
    // The read-back check used to run after the lock was released and could see
    // another writer's newer value: exit 74 although the value was written (about
    // 4 of these 400 runs failed that way).
    let script = #"""
      for i in 1 2 3 4 5 6 7 8 9 10; do
        "$0" set displayName "writer $1 set $i" > /dev/null || exit $?
      done
      """#
    let writers = (1...40).map { writer in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script, fixture.product.url.path, String(writer)]
      process.environment = fixture.environment
      process.standardError = FileHandle.nullDevice
      return process
    }
    #expect(try await Process.runAllToExit(writers) == Array(repeating: 0, count: 40))
    let stored = try #require(try fixture.sharedSettings().displayName)
    #expect(stored.hasPrefix("writer ") && stored.hasSuffix(" set 10"))
  }

  @Test("Under umask 000 the config folders are 0700 and the files 0600")
  func modesUnderOpenUmask() async throws {
    let fixture = try SettingsFixture()
    let script = #"umask 000; "$0" set displayName Ada && exec "$0" reset displayName"#
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", script, fixture.product.url.path]
    shell.environment = fixture.environment
    #expect(try await shell.runToExit() == 0)
    let entries = try FileModes.below(fixture.folder.appending("config"))
    #expect(entries.map(\.path).contains("\(appIdentity.family)/backups/settings.json"))
    for entry in entries {
      #expect(entry.mode == (entry.isFolder ? 0o700 : 0o600), "\(entry.path)")
    }
  }

  @Test("A FIFO as settings.json is an error, not a hang, and stays")
  func fifo() throws {
    let fixture = try SettingsFixture()
    try fixture.writeSettings("{}")
    try FileManager.default.removeItem(at: fixture.settingsURL)
    try #require(mkfifo(fixture.settingsURL.path, 0o600) == 0)
    for arguments in [["list"], ["set", "displayName", "Ada"]] {
      let result = try fixture.run(arguments)
      #expect(result.status == 74, "\(arguments)")
      #expect(result.error.contains("it is a FIFO, not a regular file; left untouched"))
    }
    var info = stat()
    #expect(lstat(fixture.settingsURL.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  @Test("A linked settings.json is written through the link, which stays a link")
  func linkedFile() throws {
    let fixture = try SettingsFixture()
    let dotfiles = fixture.folder.appending("dotfiles")
    try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
    let target = dotfiles.appendingPathComponent("settings.json")
    try Data(#"{"appearance": "dark"}"#.utf8).write(to: target)
    try fixture.writeSettings("{}")
    try FileManager.default.removeItem(at: fixture.settingsURL)
    try FileManager.default.createSymbolicLink(at: fixture.settingsURL, withDestinationURL: target)

    #expect(try fixture.run(["set", "displayName", "Ada"]).status == 0)

    let link = try FileManager.default.destinationOfSymbolicLink(atPath: fixture.settingsURL.path)
    #expect(link == target.path)
    let settings = try fixture.sharedSettings()
    #expect(settings.displayName == "Ada")
    #expect(settings.appearance == .dark)
  }

  @Test("A corrupt settings file's hint restores the version before the last change")
  func restoreHint() throws {
    let fixture = try SettingsFixture()
    #expect(try fixture.run(["set", "displayName", "Ada"]).status == 0)
    #expect(try fixture.run(["set", "appearance", "dark"]).status == 0)
    try Data("{oops".utf8).write(to: fixture.settingsURL)
    let result = try fixture.run(["list"])
    #expect(result.status == 65)
    let path = fixture.settingsURL.path
    #expect(
      result.error.contains(
        "hint: restore the version before the last change with: cp \(path).last-good \(path)"))
    try FileManager.default.removeItem(at: fixture.settingsURL)
    try FileManager.default.copyItem(atPath: path + ".last-good", toPath: path)
    #expect(try fixture.sharedSettings().displayName == "Ada")
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
}
