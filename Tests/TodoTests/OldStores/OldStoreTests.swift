import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// What a user upgrading from an earlier release meets, through the built `todo`:
/// a version 1 store with numbers no version checked, and one near the size limit.
@Suite("old stores through the built executable", .timeLimit(.minutes(60)))
struct OldStoreTests {
  let home: TodoHome

  init() throws {
    home = try TodoHome()
  }

  func plant(_ text: String) throws -> Data {
    try FileManager.default.createDirectory(
      at: home.storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    let bytes = Data(text.utf8)
    try bytes.write(to: home.storeFile)
    return bytes
  }

  @Test(
    "a version 1 undo entry removing id Int.max: 65 naming the field, never a crash",
    arguments: [["list"], ["add", "x"], ["undo"]])
  func overflowingRemove(arguments: [String]) throws {
    let bytes = try plant(
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1777629600}],"undo":[{"summary":"rm","remove":[9223372036854775807],"restore":[]}]}}"#
    )
    let result = try home.run(arguments)
    #expect(result.status == 65, "\(result.error)")
    #expect(result.error.contains(home.storeFile.path))
    #expect(result.error.contains("'value.undo[0].remove'"), "\(result.error)")
    #expect(result.error.contains("id 9223372036854775807 is outside 1…9007199254740991"))
    #expect(home.storedBytes == bytes)
  }

  @Test(
    "a version 1 list with a nextID out of range or two items with one id is corrupt (65)",
    arguments: [
      (
        #"{"version":1,"value":{"nextID":9223372036854775807,"items":[{"id":1,"title":"a","created":1}]}}"#,
        "nextID 9223372036854775807 is outside"
      ),
      (
        #"{"version":1,"value":{"nextID":0,"items":[{"id":1,"title":"a","created":1}]}}"#,
        "nextID 0 is outside"
      ),
      (
        #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1},{"id":1,"title":"b","created":1}]}}"#,
        "two items have id 1"
      ),
    ])
  func version1Ranges(text: String, message: String) throws {
    let bytes = try plant(text)
    let result = try home.run(["list"])
    #expect(result.status == 65, "\(result.error)")
    #expect(result.error.contains(message), "\(result.error)")
    #expect(home.storedBytes == bytes)
  }

  @Test(
    "one id rule for every command: a sign, a space, a point or 0x is refused (64)",
    arguments: ["show", "done", "rm", "edit"], ["+1", " 1", "1 ", "1.0", "0x1", "-1", "0", "١"])
  func idRule(command: String, id: String) throws {
    try home.output(["add", "milk"])
    let before = home.storedBytes
    var arguments = [command, id]
    if command == "edit" { arguments += ["--title", "eggs"] }
    let result = try home.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.error)")
    #expect(
      result.error.hasPrefix("\(appIdentity.name): error: invalid value '"), "\(result.error)")
    #expect(home.storedBytes == before)
    #expect(try home.output(["show", "1"]).contains("milk"))
  }

  /// A version 1 store in the one-item-per-line form earlier releases wrote, of
  /// about `size` bytes: items of about 100 bytes, as in the benchmark stores
  /// (`Tests/BenchmarkScripts/todo-stores.py`), which take 1.7 times their bytes in
  /// the current form even when written compactly.
  static func version1Store(size: Int) -> Data {
    var text = Data(#"{"version":1,"value":{"nextID":1,"items":["#.utf8)
    text.reserveCapacity(size + 200)
    var id = 0
    let tail = Data("\n],\"undo\":[]}}\n".utf8)
    while true {
      id += 1
      let line = Data(
        "\(id == 1 ? "" : ",")\n{\"id\":\(id),\"title\":\"water plants \(id)\",\"priority\":\"low\",\"tags\":[\"home\"],\"created\":1771734115}"
          .utf8)
      guard text.count + line.count + tail.count <= size else { break }
      text.append(line)
    }
    text.append(tail)
    return text
  }

  @Test(
    "a version 1 store just under 128 MiB migrates, rm succeeds, and the next change too",
    .tags(.heavy), .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason))
  func largeVersion1Store() async throws {
    let storeFile = home.storeFile
    // Making and writing 128 MiB in a debug build is seconds of CPU: off the test pool.
    let size = try await offThePool {
      let bytes = Self.version1Store(size: TodoStore.maximumFileSize - 4096)
      try FileManager.default.createDirectory(
        at: storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
      try bytes.write(to: storeFile)
      return bytes.count
    }
    #expect(size > TodoStore.maximumFileSize - 8192)

    // Minutes of a debug build's CPU: awaited, so no thread of the test pool is held.
    let removed = try await home.runToExit(["rm", "1"])
    #expect(removed.status == 0, "\(removed.error)")
    let written = try #require(home.storedBytes)
    // Written compactly: the pretty-printed form would pass the limit.
    #expect(written.count > TodoStore.maximumFileSize)
    #expect(written.count <= TodoStore.readLimit)
    #expect(written.starts(with: Data(#"{"value":{"items":[{"completed""#.utf8)))
    // Still readable and changeable: the removal undone, item 1 back.
    let undone = try await home.runToExit(["undo"])
    #expect(undone.status == 0, "\(undone.error)")
    let shown = try await home.runToExit(["show", "1"])
    #expect(shown.status == 0, "\(shown.error)")
    #expect(shown.output.contains("water plants 1"))
  }
}
