import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The todo store under a strict umask, a FIFO, a shared folder, a damaged or corrupt
/// file, through the built app.
@Suite("the store's safety", .timeLimit(.minutes(10)))
struct StoreSafetyTests: TodoHomeSuite {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  @Test("Under umask 000 every folder todo creates is 0700 and every file 0600")
  func modesUnderOpenUmask() async throws {
    let home = try TodoHome()
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [
      "-c", #"umask 000; "$0" add one > /dev/null && exec "$0" add two > /dev/null"#,
      home.product.url.path,
    ]
    shell.environment = home.environment
    #expect(try await shell.runToExit() == 0)
    let entries = try FileModes.below(home.folder.appending("data"))
    #expect(
      entries.map(\.path).contains(
        "\(appIdentity.family)/\(appIdentity.name)/todos.json.last-good"))
    for entry in entries {
      #expect(entry.mode == (entry.isFolder ? 0o700 : 0o600), "\(entry.path)")
    }
  }

  @Test("A FIFO as the store fails at once with 74 and stays a FIFO")
  func fifo() throws {
    let home = try TodoHome()
    try home.output(["add", "seed"])
    try FileManager.default.removeItem(at: home.storeFile)
    try #require(mkfifo(home.storeFile.path, 0o600) == 0)
    for arguments in [["list"], ["add", "x"]] {
      let result = try home.run(arguments)
      #expect(result.status == 74, "\(arguments)")
      #expect(result.error.contains("it is a FIFO, not a regular file; left untouched"))
      #expect(result.error.contains("hint: move it out of the way"))
    }
  }

  @Test("A data folder other users can write to is refused with 73")
  func sharedFolder() throws {
    let home = try TodoHome()
    try home.output(["add", "seed"])
    let folder = home.storeFile.deletingLastPathComponent().path
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
    let result = try home.run(["add", "planted?"])
    #expect(result.status == 73)
    #expect(result.error.contains("refusing to use \(folder): other users can write to it"))
    #expect(result.error.contains("hint: chmod 700 \(folder)"))
  }

  @Test("A corrupt store names its last good version; the hint's command restores it")
  func restore() throws {
    let home = try TodoHome()
    try home.output(["add", "first"])
    try home.output(["add", "second"])
    let damaged = Data("{\"version\": 3, \"todos\": [".utf8)
    try damaged.write(to: home.storeFile)
    let result = try home.run(["add", "third"])
    #expect(result.status == 65)
    #expect(home.storedBytes == damaged)
    let hintLine = try #require(
      result.error.split(separator: "\n").first { $0.hasPrefix("hint: ") })
    let command = try #require(hintLine.split(separator: ":", maxSplits: 2).last)
    let path = home.storeFile.path
    #expect(command.trimmingCharacters(in: .whitespaces) == "cp \(path).last-good \(path)")

    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", String(command)]
    try shell.run()
    shell.waitUntilExit()
    #expect(try home.output(["list"]).contains("first"))
  }

  @Test("a damaged file: exit 65 naming it, left byte for byte, for reads and changes")
  func corruptFile() throws {
    try home.output(["add", "x"])
    let damaged = Data(#"{"version":1,"value":{"items":[{"id":1,"title":"x"#.utf8)
    try damaged.write(to: home.storeFile)
    for arguments in [["list"], ["add", "y"], ["undo"], ["done", "1"]] {
      let result = try home.run(arguments)
      #expect(result.status == 65)
      #expect(result.error.contains("\(appIdentity.name): error: "))
      #expect(result.error.contains(home.storeFile.path))
      #expect(result.output.isEmpty)
      #expect(home.storedBytes == damaged)
    }
  }

  @Test(
    "files of the wrong shape, invalid JSON or numbers out of range: exit 65, bytes untouched",
    arguments: [
      "{}", #"{"version":1}"#, #"{"todos":[{"id":1,"title":"important","created":1}]}"#,
      #""itemz""#, "1-2-3", #"{"version":1,"value":{"items":[{"id":1,"title":"\q","created":1}]}}"#,
      file(items: [item(id: "1").replacingOccurrences(of: "\"tags\"", with: "\"tagz\"")]),
      file(items: [item(id: "1") + #","extra":1"#]),
      file(items: [item(id: "01")]),
      file(nextID: "9223372036854775807", items: [item(id: "9223372036854775806")]),
      file(items: [item(id: "1", created: #""-9999999-01-01T00:00:00Z""#)]),
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":-9223372036854775808}]}}"#,
    ])
  func hostileFiles(text: String) throws {
    let folder = home.storeFile.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bytes = Data(text.utf8)
    try bytes.write(to: home.storeFile)
    for arguments in [["list"], ["add", "y"], ["note", "1", "n"], ["list", "--json"]] {
      let result = try home.run(arguments)
      #expect(result.status == 65, "\(arguments): \(result.error)")
      #expect(result.error.hasPrefix("\(appIdentity.name): error: "))
      #expect(result.error.contains(home.storeFile.path))
      #expect(!result.error.contains("Domain="))
      #expect(result.output.isEmpty)
      #expect(home.storedBytes == bytes)
    }
  }
}
