import Core
import Foundation
import Testing

/// What the typed store API adds to `JSONDecoder` and `JSONEncoder`: strict reading
/// (repeated keys, unknown keys, the position of a problem) and readable writing.
@Suite("Strict decoding and escaped invisible characters in the stores")
struct StrictDecodingTests {
  struct Note: Codable, Equatable, Sendable {
    var title: String
    var done: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case title, done }

    init(title: String, done: Bool) {
      self.title = title
      self.done = done
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
      title = try container.decode(String.self, forKey: .title)
      done = try container.decode(Bool.self, forKey: .done)
    }
  }

  static func stored(_ text: String) throws -> InMemoryKeyValueStore {
    let store = InMemoryKeyValueStore()
    try store.setData(Data(text.utf8), forKey: "notes")
    return store
  }

  @Test("an unknown key is refused, naming it and where it is; known keys read")
  func unknownKey() throws {
    let store = try Self.stored(
      #"[{"title":"a","done":false},{"title":"b","done":true,"tagz":[]}]"#)
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value([Note].self, forKey: "notes")
    }
    #expect(error?.exitCode == 65)
    #expect(error?.message.contains("unknown key 'tagz'") == true)
    #expect(error?.message.contains("at [1].tagz") == true)
    let good = try Self.stored(#"[{"title":"a","done":false}]"#)
    #expect(try good.value([Note].self, forKey: "notes") == [Note(title: "a", done: false)])
  }

  @Test(
    "repeated keys and trailing commas are corrupt, with line and column",
    arguments: [
      (
        "[{\"title\":\"a\",\n\"title\":\"b\",\"done\":false}]",
        "line 2, column 1: the key 'title' appears twice"
      ),
      ("[{\"title\":\"a\",\"done\":false},\n]", "line 2, column 1: expected a value"),
    ])
  func strictSyntax(text: String, message: String) throws {
    let store = try Self.stored(text)
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value([Note].self, forKey: "notes")
    }
    #expect(error?.message.contains("not valid JSON: \(message)") == true)
    // Foundation alone reads both in silence.
    #expect((try? JSONDecoder().decode([Note].self, from: Data(text.utf8))) != nil)
  }

  @Test("an update never replaces a value it could not read strictly")
  func updateRefuses() throws {
    let text = #"[{"title":"a","done":false,"done":true}]"#
    let store = try Self.stored(text)
    #expect(throws: PersistenceError.self) {
      try store.update([Note].self, forKey: "notes") { $0?.append(Note(title: "b", done: false)) }
    }
    #expect(try store.data(forKey: "notes") == Data(text.utf8))
  }

  @Test("a strict container decodes what a plain one does, optional and nested values included")
  func sameValues() throws {
    struct Both: Codable, Equatable {
      var name: String
      var count: Int?
      var ratio: Double
      var flags: [Bool]
      var nested: [String: Int]
      enum CodingKeys: String, CodingKey, CaseIterable { case name, count, ratio, flags, nested }
    }
    struct Strict: Decodable {
      var value: Both
      init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: Both.CodingKeys.self)
        value = Both(
          name: try container.decode(String.self, forKey: .name),
          count: try container.decodeIfPresent(Int.self, forKey: .count),
          ratio: try container.decode(Double.self, forKey: .ratio),
          flags: try container.decode([Bool].self, forKey: .flags),
          nested: try container.decode([String: Int].self, forKey: .nested))
        #expect(container.allKeys.count == 5 - (container.contains(.count) ? 0 : 1))
      }
    }
    for text in [
      #"{"name":"a","count":3,"ratio":0.5,"flags":[true],"nested":{"x":1}}"#,
      #"{"name":"b","count":null,"ratio":2,"flags":[],"nested":{}}"#,
      #"{"name":"c","ratio":2,"flags":[],"nested":{}}"#,
    ] {
      let data = Data(text.utf8)
      #expect(
        try JSONDecoder().decode(Strict.self, from: data).value
          == JSONDecoder().decode(Both.self, from: data))
    }
    // A wrong type is the same error as without the check, with its path.
    let wrong = Data(#"{"name":1,"ratio":2,"flags":[],"nested":{}}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Strict.self, from: wrong) }
  }

  @Test("what stores write escapes invisible and direction-changing characters")
  func readableOutput() throws {
    let title = "a\u{85}b\u{9B}c\u{61C}d\u{200E}e\u{202E}f\u{2066}g\u{2069}h\u{2028}i\u{2029}j é 日本"
    let store = InMemoryKeyValueStore()
    try store.set([Note(title: title, done: false)], forKey: "notes")
    let text = String(decoding: try #require(try store.data(forKey: "notes")), as: UTF8.self)
    for escaped in [
      "\\u0085", "\\u009b", "\\u061c", "\\u200e", "\\u202e", "\\u2066", "\\u2069", "\\u2028",
      "\\u2029",
    ] {
      #expect(text.contains(escaped), "\(escaped)")
    }
    #expect(text.contains("é 日本"))
    #expect(
      !text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
    #expect(try store.value([Note].self, forKey: "notes") == [Note(title: title, done: false)])
  }
}
