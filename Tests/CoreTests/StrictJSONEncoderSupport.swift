import Core
import CoreTesting
import Foundation
import Testing

/// What the stores wrote before ``StrictJSON.encode``: `JSONEncoder` with the store's
/// options, then every invisible character but the C0 controls as a `\u` escape
/// (written here again, scalar by scalar, independently of Core's byte-wise pass).
enum StoreJSONReference {
  static func encode<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // An empty array or object is `[]` / `{}` (Linux's JSONEncoder writes `[⏎⏎  ]`).
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
      .replacing(#/\[\n\n *\]/#, with: "[]").replacing(#/\{\n\n *\}/#, with: "{}")
    var escaped = ""
    for scalar in text.unicodeScalars {
      if scalar.isEscapedInShownJSON {
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return Data(escaped.utf8)
  }

  /// Expects ``StrictJSON.encode`` to write the reference's bytes for `value`, or to
  /// throw the same `EncodingError` (case, description and, unless `comparingPaths` is
  /// `false`, coding path).
  static func expectSame<Value: Encodable>(
    _ value: Value, _ comment: Comment? = nil, comparingPaths: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = Result { try encode(value) }
    let actual = Result { try StrictJSON.encode(value) }
    switch (expected, actual) {
    case (.success(let expected), .success(let actual)):
      #expect(
        String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
        comment, sourceLocation: sourceLocation)
      #expect(actual == expected, comment, sourceLocation: sourceLocation)
    case (.failure(let expected), .failure(let actual)):
      #expect(
        describe(actual, path: comparingPaths) == describe(expected, path: comparingPaths),
        comment, sourceLocation: sourceLocation)
    default:
      Issue.record(
        "JSONEncoder: \(expected); StrictJSON.encode: \(actual) \(comment.map { "\($0)" } ?? "")",
        sourceLocation: sourceLocation)
    }
  }

  /// An error's kind, description and path, to compare.
  static func describe(_ error: any Error, path: Bool = true) -> String {
    guard case EncodingError.invalidValue(let value, let context) = error else {
      return "\(type(of: error)): \(error)"
    }
    let keys = context.codingPath.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }
    return "invalidValue \(value) \(context.debugDescription)" + (path ? " at \(keys)" : "")
  }
}

/// A string coding key.
struct AnyKey: CodingKey, Hashable {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// A JSON value that encodes itself through every kind of container: objects and
/// arrays either as values (`encode(_:forKey:)`) or as nested containers.
indirect enum JSONTree: Encodable {
  case object([(String, JSONTree)], nested: Bool)
  case array([JSONTree], nested: Bool)
  case string(String)
  case integer(Int)
  case number(Double)
  case bool(Bool)
  case null

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .object:
      var container = encoder.container(keyedBy: AnyKey.self)
      try fill(&container)
    case .array:
      var container = encoder.unkeyedContainer()
      try fill(&container)
    case .string(let string):
      var container = encoder.singleValueContainer()
      try container.encode(string)
    case .integer(let integer):
      var container = encoder.singleValueContainer()
      try container.encode(integer)
    case .number(let number):
      var container = encoder.singleValueContainer()
      try container.encode(number)
    case .bool(let bool):
      var container = encoder.singleValueContainer()
      try container.encode(bool)
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    }
  }

  private func fill(_ container: inout KeyedEncodingContainer<AnyKey>) throws {
    guard case .object(let members, let nested) = self else { return }
    for (name, member) in members {
      let key = AnyKey(name)
      switch member {
      case .object where nested:
        var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
        try member.fill(&inner)
      case .array where nested:
        var inner = container.nestedUnkeyedContainer(forKey: key)
        try member.fill(&inner)
      case .string(let string): try container.encode(string, forKey: key)
      case .integer(let integer): try container.encode(integer, forKey: key)
      case .number(let number): try container.encode(number, forKey: key)
      case .bool(let bool): try container.encode(bool, forKey: key)
      case .null: try container.encodeNil(forKey: key)
      default: try container.encode(member, forKey: key)
      }
    }
  }

  private func fill(_ container: inout any UnkeyedEncodingContainer) throws {
    guard case .array(let elements, let nested) = self else { return }
    for element in elements {
      switch element {
      case .object where nested:
        var inner = container.nestedContainer(keyedBy: AnyKey.self)
        try element.fill(&inner)
      case .array where nested:
        var inner = container.nestedUnkeyedContainer()
        try element.fill(&inner)
      case .string(let string): try container.encode(string)
      case .integer(let integer): try container.encode(integer)
      case .number(let number): try container.encode(number)
      case .bool(let bool): try container.encode(bool)
      case .null: try container.encodeNil()
      default: try container.encode(element)
      }
    }
  }
}

/// Random trees: keys and strings from scalars that stress escaping and key order.
struct JSONTreeMaker {
  var generator: SeededRandom

  /// Scalars to draw from: ASCII, every invisible kind, combining marks, other planes.
  static let scalars: [Unicode.Scalar] = {
    let values: [UInt32] =
      Array(0x20...0x7E) + Array(0x00...0x1F) + [0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xAD]
      + [0xE9, 0x301, 0x327, 0x3A9, 0x61C, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F]
      + [0x2028, 0x2029, 0x202A, 0x202E, 0x2060, 0x2065, 0x2066, 0x2069, 0x2126, 0x212A]
      + [0xAC00, 0x1100, 0x1161, 0xFB00, 0xFEFF, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF]
    return values.compactMap(Unicode.Scalar.init)
  }()

  static let keyPool = [
    "a", "b", "B", "_", "10", "9", "", "id", "title", "é", "e\u{301}", "Z", "a b", "a\"",
    "a\\", "\u{202E}x", "K", "\u{212A}", "ab", "a1", "😀", "\u{7F}", "\u{1}",
  ]

  mutating func string(maxLength: Int = 8) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...maxLength, using: &generator) {
      if Int.random(in: 0..<3, using: &generator) == 0 {
        text.unicodeScalars.append(Self.scalars.randomElement(using: &generator) ?? "a")
      } else {
        text.unicodeScalars.append(
          Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &generator)))
      }
    }
    return text
  }

  mutating func key() -> String {
    Bool.random(using: &generator)
      ? Self.keyPool.randomElement(using: &generator) ?? "" : string(maxLength: 4)
  }

  mutating func number() -> Double {
    let specials: [Double] = [
      0, -0.0, 1e-7, 1e21, 0.1, .pi, 1e16, 1e15, .leastNonzeroMagnitude, -1.5,
      .greatestFiniteMagnitude,
      .leastNormalMagnitude, 123_456_789.125, Double(Int.max), 2.5e-10,
    ]
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: return specials.randomElement(using: &generator) ?? 0
    case 1: return Double.random(in: -1e6...1e6, using: &generator)
    default:
      let value = Double(bitPattern: generator.next())
      return value.isFinite ? value : 42
    }
  }

  mutating func tree(depth: Int) -> JSONTree {
    let leafOnly = depth >= 4
    switch Int.random(in: 0..<(leafOnly ? 5 : 8), using: &generator) {
    case 0: return .string(string(maxLength: 12))
    case 1:
      let choices = [Int.min, Int.max, 0, -1, 7]
      return .integer(
        Bool.random(using: &generator)
          ? choices.randomElement(using: &generator) ?? 0 : Int(bitPattern: UInt(generator.next())))
    case 2: return .number(number())
    case 3: return .bool(Bool.random(using: &generator))
    case 4: return .null
    case 5, 6:
      let nested = Bool.random(using: &generator)
      var members: [(String, JSONTree)] = []
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        let name = key()
        // JSONEncoder merges two nested containers under one key (and stops on a
        // nested container under a key that holds a value): one key each there.
        if nested, members.contains(where: { $0.0 == name }) { continue }
        members.append((name, tree(depth: depth + 1)))
      }
      return .object(members, nested: nested)
    default:
      let nested = Bool.random(using: &generator)
      return .array(
        (0..<Int.random(in: 0...5, using: &generator)).map { _ in tree(depth: depth + 1) },
        nested: nested)
    }
  }
}
