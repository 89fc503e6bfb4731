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

/// The settings file under concurrent writers, a strict umask, FIFOs and links.
@Suite("Settings file safety", .timeLimit(.minutes(20)))
struct SettingsFileSafetyTests {
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
}
