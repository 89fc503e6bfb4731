import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// A version 1 file as todo wrote it.
extension StoredFileFixtureTests {
  @Test("a version 1 file migrates on read and is written as version 2 on the next change")
  func version1File() throws {
    let bytes = try plant(Self.version1)
    let listed = try items(try home.output(["list", "--all", "--json", "--sort", "id"]))
    #expect(listed.map { $0["id"] as? Int } == [1, 3])
    #expect(listed[1]["completed"] as? String == "2026-05-01T11:00:00Z")
    #expect(listed[1]["priority"] as? String == "high")
    #expect(home.storedBytes == bytes)
    #expect(try home.output(["add", "next"]) == "4\n")
    let document = try TodoDocument.decode(try #require(home.storedBytes), location: "x")
    #expect(document.items.map(\.id) == [1, 3, 4])
    #expect(document.undo.first?.restore.first?.title == "gone")
    let stored = try #require(home.storedBytes)
    let envelope = try #require(
      try JSONSerialization.jsonObject(with: stored) as? [String: Any])
    #expect(envelope["version"] as? Int == 2)
  }
}
