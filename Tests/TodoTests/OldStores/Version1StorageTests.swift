import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// Version 1 stores, read and migrated.
extension StorageTests {
  @Test("a version 1 file (seconds, absent fields left out) migrates; the next write is version 2")
  func migratesVersion1() throws {
    let version1 = Data(
      #"""
      {"version":1,"value":{
      "nextID":4,
      "items":[
      {"id":1,"title":"Buy milk","created":1777629600},
      {"id":3,"title":"Call mom","priority":"high","due":"2026-05-02","tags":["family"],"created":1777629660,"completed":1777633200}
      ],
      "undo":[
      {"summary":"rm 2","remove":[],"restore":[{"id":2,"title":"gone","created":1}]}
      ]}}
      """#.utf8)
    let document = try TodoDocument.decode(version1, location: "x")
    #expect(document.items.map(\.id) == [1, 3])
    #expect(document.items[1].priority == .high)
    #expect(document.items[1].completed == 1_777_633_200)
    #expect(document.items[1].note == nil)
    #expect(document.nextID == 4)
    #expect(document.undo.first?.restore.first?.title == "gone")
    let rewritten = try document.encoded()
    let envelope = try #require(
      try JSONSerialization.jsonObject(with: rewritten) as? [String: Any])
    #expect(envelope["version"] as? Int == 2)
    #expect(try TodoDocument.decode(rewritten, location: "x") == document)
  }

  @Test(
    "damaged version 1 files are corrupt, naming the file",
    arguments: [
      // A value outside the envelope counts as version 1 (Core's `Versioned`), so these
      // are read, and refused, as version 1 lists.
      "[]", "null",
      // Wrong shapes that once read as an empty list.
      "{}", #"{"todos":[{"id":1,"title":"important","created":1}]}"#,
      #""itemz""#, #"{"version":2,"value":{"nextID":2,"items":[],"undo":[]},"extra":1}"#,
      #"{"version":1,"value":{"items":[{"id":1}]}}"#,
      #"{"version":1}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1,"priority":"urgent"}]}}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1,"due":"2026-02-30"}]}}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1},{"id":1,"title":"b","created":1}]}}"#,
      #"{"version":1,"value":{"items":[{"id":1.5,"title":"a","created":1}]}}"#,
      #"{"version":1,"value":{"items":[]}} trailing"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1,"tagz":["x"]}]}}"#,
      #"{"version":1,"value":{"items":[],"itemz":[]}}"#,
      #"{"version":1,"value":{"items":[],"nextID":1-2-3}}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"\q","created":1}]}}"#,
      #"{"version":1,"value":{"items":[{"id":01,"title":"a","created":1}]}}"#,
      #"{"version":1,"value":{"nextID":2,"items":[{"id":1,"title":"a","created":1}],"undo":[{"summary":"x","remove":[],"restore":[],"zz":[1e]}]}}"#,
      #"{"version":1,"value":{"items":[{"id":9223372036854775807,"title":"a","created":1}]}}"#,
      #"{"version":1,"value":{"nextID":9223372036854775807,"items":[]}}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":-9223372036854775808}]}}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":99999999999999999999}]}}"#,
      "{\"version\":1,\"value\":{\"items\":[{\"id\":1,\"title\":\"\u{FF}\",\"created\":1}]}}",
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","title":"b","created":1}]}}"#,
      #"{"version":1,"value":{"items":[{"id":1,"title":"a","created":1},]}}"#,
    ])
  func corruptVersion1(text: String) throws {
    try corrupt(text: text)
  }
}
