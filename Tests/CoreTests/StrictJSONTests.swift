import Core
import CoreTesting
import Foundation
import Testing

/// Core's strict check against Foundation's `JSONSerialization` on generated and
/// mutated documents: it must refuse everything Foundation refuses, and accept
/// everything Foundation accepts except repeated keys and trailing commas.
@Suite("StrictJSON against JSONSerialization")
struct StrictJSONTests {
  typealias Random = SeededRandom

  /// Pieces that are valid or nearly valid JSON, so that generated text sits close to
  /// the grammar's edges.
  static let numbers = [
    "0", "-0", "1", "-1", "12", "1.5", "-0.25", "1e5", "1E+5", "2e-3", "123456789012345678901234",
    "01", "1.", ".5", "+1", "1e", "1e+", "--1", "0x10", "1-2-3", "Infinity", "NaN", "1.2.3", "-",
  ]
  static let strings = [
    #""""#, #""a""#, #""\n\t\\\"\/""#, #""\u0041""#, #""\ud83d\ude00""#, #""\ud800""#,
    #""\udc00x""#, #""\q""#, #""\u12""#, #""\uZZZZ""#, "\"é日本\"", "\"tab\tinside\"",
    "\"ctl\u{1}\"", #""unterminated"#, #"'single'"#, "\"\u{7F}\"",
  ]
  static let literals = ["true", "false", "null", "True", "nul", "nulll", "undefined"]
  static let junk: [UInt8] = [
    0x00, 0x09, 0x0A, 0x0D, 0x20, 0x22, 0x2C, 0x2D, 0x2E, 0x30, 0x31, 0x3A, 0x5B, 0x5C, 0x5D,
    0x7B, 0x7D, 0x65, 0x6E, 0x75, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF5, 0xFF,
  ]

  static func value(_ random: inout Random, depth: Int) -> String {
    switch random.below(depth > 4 ? 3 : 6) {
    case 0: return random.pick(numbers)
    case 1: return random.pick(strings)
    case 2: return random.pick(literals)
    case 3:
      let count = random.below(4)
      let elements = (0..<count).map { _ in value(&random, depth: depth + 1) }
      return "[" + elements.joined(separator: random.pick([",", ", ", ",,", " ,\n"])) + "]"
    default:
      let count = random.below(4)
      let members = (0..<count).map { _ in
        random.pick(strings) + random.pick([":", " : ", ""]) + value(&random, depth: depth + 1)
      }
      return "{" + members.joined(separator: random.pick([",", " , ", ",,"])) + "}"
    }
  }

  static func mutate(_ bytes: [UInt8], _ random: inout Random) -> [UInt8] {
    var bytes = bytes
    for _ in 0...random.below(3) {
      guard !bytes.isEmpty else { return [random.pick(junk)] }
      let index = random.below(bytes.count)
      switch random.below(5) {
      case 0: bytes.remove(at: index)
      case 1: bytes.insert(random.pick(junk), at: index)
      case 2: bytes[index] = random.pick(junk)
      case 3: bytes.removeSubrange(index...)
      default:
        let end = min(bytes.count, index + 1 + random.below(12))
        bytes.insert(contentsOf: bytes[index..<end], at: index)
      }
    }
    return bytes
  }

  static func foundationAccepts(_ data: Data) -> Bool {
    (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
  }

  @Test("generated and mutated text: refused whenever JSONSerialization refuses it")
  func grammar() throws {
    var random = Random(seed: 2026)
    var refusedByBoth = 0
    var acceptedByBoth = 0
    for round in 0..<12_000 {
      var text = Array(Self.value(&random, depth: 0).utf8)
      if round % 2 == 1 { text = Self.mutate(text, &random) }
      if round % 7 == 0 { text = Array(" \n".utf8) + text + Array("\t".utf8) }
      let data = Data(text)
      let foundation = Self.foundationAccepts(data)
      let ours = StrictJSON.isValid(data)
      if !foundation {
        #expect(
          !ours,
          "accepted what Foundation refuses: \(String(decoding: text, as: UTF8.self).debugDescription) \(text.prefix(40))"
        )
        refusedByBoth += ours ? 0 : 1
      } else if !text.contains(0), !Self.isRefusedOnPurpose(data) {
        // (Foundation also reads UTF-16 and UTF-32, told by NUL bytes; the store is UTF-8.)
        #expect(
          ours,
          "refused valid JSON: \(String(decoding: text, as: UTF8.self).debugDescription) \(text.prefix(40))"
        )
        acceptedByBoth += ours ? 1 : 0
      }
    }
    // Both outcomes are well represented, so the table is not one-sided.
    #expect(refusedByBoth > 2_000)
    #expect(acceptedByBoth > 2_000)
  }

  /// What Foundation reads in silence and the check refuses: a repeated key (one
  /// value would be dropped) or a trailing comma.
  static func isRefusedOnPurpose(_ data: Data) -> Bool {
    do {
      try StrictJSON.check(data)
      return false
    } catch {
      let text = String(decoding: data, as: UTF8.self)
      return error.reason.contains("appears twice")
        || text.range(of: #",\s*[\]}]"#, options: .regularExpression) != nil
    }
  }

  @Test(
    "the cases from the fault probe",
    arguments: [
      "1-2-3", #""\q""#, "01", "-01", "1.e5", "[1,]", "{\"a\":1,}", "[1 2]", "\u{FEFF}1",
      "\"\u{0}\"", "[" + String(repeating: "[", count: 100_000),
    ])
  func knownCases(text: String) {
    #expect(!StrictJSON.isValid(Data(text.utf8)))
  }

  @Test("invalid UTF-8 is refused, in keys and values")
  func invalidUTF8() {
    for bytes: [UInt8] in [
      [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
    ] {
      let inValue = Array(#"{"version":2,"zz":"#.utf8) + bytes + Array("}".utf8)
      let inKey = Array("{".utf8) + bytes + Array(":1}".utf8)
      #expect(!Self.foundationAccepts(Data(bytes)))
      #expect(!StrictJSON.isValid(Data(bytes)))
      #expect(!StrictJSON.isValid(Data(inValue)))
      #expect(!StrictJSON.isValid(Data(inKey)))
    }
  }

  @Test(
    "a repeated key is refused, however it is spelt and however many keys there are",
    arguments: [
      #"{"a":1,"a":2}"#, #"{"a":1,"\u0061":2}"#, #"{"\u0061":1,"a":2}"#,
      #"[{"x":{"title":"a","title":"b"}}]"#,
      "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k33\":0}",
    ])
  func repeatedKeys(text: String) throws {
    let problem = #expect(throws: StrictJSON.Problem.self) { try StrictJSON.check(Data(text.utf8)) }
    #expect(problem?.reason.contains("appears twice") == true)
    let key = try #require(problem?.repeatedKey)
    #expect(problem?.reason == "the key '\(key)' appears twice")
  }

  @Test("the same key in different objects is fine; so are 40 distinct keys")
  func distinctKeys() throws {
    try StrictJSON.check(Data(#"[{"a":1},{"a":2},{"b":{"a":3}}]"#.utf8))
    try StrictJSON.check(
      Data(("{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}").utf8))
  }

  @Test("a problem names its line and column")
  func position() throws {
    let text = "{\n  \"a\": 1,\n  \"b\": tru\n}"
    let problem = #expect(throws: StrictJSON.Problem.self) { try StrictJSON.check(Data(text.utf8)) }
    #expect(problem?.line == 3)
    #expect(problem?.column == 8)
    #expect(problem?.description == "line 3, column 8: expected a value")
    #expect(problem?.repeatedKey == nil)
  }

  @Test("decode checks first, then decodes")
  func decode() throws {
    #expect(try StrictJSON.decode([Int].self, from: Data("[1, 2]".utf8)) == [1, 2])
    #expect(throws: StrictJSON.Problem.self) {
      try StrictJSON.decode([Int].self, from: Data("[1, 2,]".utf8))
    }
  }
}
