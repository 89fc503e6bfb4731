import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoModel

/// Real files, kept byte for byte: what earlier versions of todo wrote must keep
/// loading (and version 1 migrating) now that the store goes through Core.
@Suite("Files written by earlier versions")
struct StoredFileFixtureTests {
  /// Written by todo before the store went through Core (the sample's own JSON
  /// writer: one item per line, keys sorted, invisible characters escaped), by
  /// `add` ×4 (one with `--tag --priority --due`), `note 1`, `done 2` and `rm 4`.
  static let writtenByOwnCodec = #"""
    {"version":2,"value":{
    "nextID":5,
    "items":[
    {"completed":null,"created":"2026-12-01T18:55:00Z","done":false,"due":"2026-12-24","id":1,"note":"oat milk, two litres","priority":"high","tags":["shop"],"title":"Buy milk"},
    {"completed":"2026-12-01T18:55:00Z","created":"2026-12-01T18:55:00Z","done":true,"due":null,"id":2,"note":null,"priority":null,"tags":["work"],"title":"Quote \" and \\ backslash, tab and é 日本 👩\u200d👩\u200d👧"},
    {"completed":null,"created":"2026-12-01T18:55:00Z","done":false,"due":null,"id":3,"note":null,"priority":null,"tags":[],"title":"Bidi \u202e and C1 inside"}
    ],
    "undo":[
    {"remove":[1],"restore":[],"summary":"add 1"},
    {"remove":[2],"restore":[],"summary":"add 2"},
    {"remove":[3],"restore":[],"summary":"add 3"},
    {"remove":[],"restore":[
    {"completed":null,"created":"2026-12-01T18:55:00Z","done":false,"due":"2026-12-24","id":1,"note":null,"priority":"high","tags":["shop"],"title":"Buy milk"}
    ],"summary":"edit 1"},
    {"remove":[],"restore":[
    {"completed":null,"created":"2026-12-01T18:55:00Z","done":false,"due":null,"id":2,"note":null,"priority":null,"tags":["work"],"title":"Quote \" and \\ backslash, tab and é 日本 👩\u200d👩\u200d👧"}
    ],"summary":"done 2"},
    {"remove":[4],"restore":[],"summary":"add 4"},
    {"remove":[],"restore":[
    {"completed":null,"created":"2026-12-01T18:55:00Z","done":false,"due":null,"id":4,"note":null,"priority":null,"tags":[],"title":"gone"}
    ],"summary":"rm 4"}
    ]}}

    """#

  /// A version 1 file, in the shape version 1 had: timestamps in seconds, absent
  /// fields left out, no notes, items in any order.
  static let version1 = #"""
    {"version":1,"value":{
    "nextID":4,
    "items":[
    {"id":3,"title":"Call mom","priority":"high","due":"2026-05-02","tags":["family"],"created":1777629660,"completed":1777633200},
    {"id":1,"title":"Buy milk","created":1777629600}
    ],
    "undo":[
    {"summary":"rm 2","remove":[],"restore":[{"id":2,"title":"gone","created":1}]}
    ]}}

    """#

  let home: TodoHome

  init() throws {
    home = try TodoHome()
  }

  func plant(_ text: String) throws -> Data {
    let folder = home.storeFile.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bytes = Data(text.utf8)
    try bytes.write(to: home.storeFile)
    return bytes
  }

  /// The items of a `--json` listing, in id order (the listing puts done items last).
  func items(_ json: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
      .sorted { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }
  }

  @Test("a file todo's own codec wrote loads as it was; the first change keeps it as last good")
  func ownCodecFile() throws {
    let bytes = try plant(Self.writtenByOwnCodec)
    let listed = try items(try home.output(["list", "--all", "--json", "--sort", "id"]))
    #expect(listed.map { $0["id"] as? Int } == [1, 2, 3])
    #expect(
      listed.map { $0["title"] as? String } == [
        "Buy milk", "Quote \" and \\ backslash, tab and é 日本 👩\u{200D}👩\u{200D}👧",
        "Bidi \u{202E} and C1 inside",
      ])
    #expect(listed[0]["note"] as? String == "oat milk, two litres")
    #expect(listed[0]["tags"] as? [String] == ["shop"])
    #expect(listed[0]["due"] as? String == "2026-12-24")
    #expect(listed[1]["done"] as? Bool == true)
    #expect(home.storedBytes == bytes, "reading never rewrites")

    #expect(try home.output(["add", "new"]) == "5\n")
    let lastGood = home.storeFile.path + ".last-good"
    #expect(FileManager.default.contents(atPath: lastGood) == bytes)
    let rewritten = try #require(home.storedBytes)
    let envelope = try #require(
      try JSONSerialization.jsonObject(with: rewritten) as? [String: Any])
    #expect(envelope["version"] as? Int == 2)
    // The undo log came through: eight entries, the last one undoes the add.
    #expect(try home.output(["undo"]) == "undid: add 5\n")
    #expect(try home.output(["undo"]) == "undid: rm 4\n")
    #expect(try items(try home.output(["list", "--all", "--json"])).count == 4)
  }

}
