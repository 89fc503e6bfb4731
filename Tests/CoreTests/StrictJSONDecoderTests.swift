import Core
import CoreTesting
import Foundation
import Testing

/// `StrictJSON.decode` decodes from the index its check builds; it must give what
/// `JSONDecoder` gives for every document the check accepts: the same values, and
/// for a value of the wrong shape the same `DecodingError` case, type and path.
@Suite("StrictJSON's decoder against JSONDecoder")
struct StrictJSONDecoderTests {
  /// What decoding gave, comparable across the two decoders.
  enum Outcome: Equatable, CustomStringConvertible {
    case value(String)
    case error(String)

    var description: String {
      switch self {
      case .value(let text): "value \(text)"
      case .error(let text): "error \(text)"
      }
    }
  }

  static func path(_ path: [any CodingKey]) -> String {
    path.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }.joined()
  }

  static func outcome(_ body: () throws -> Any) -> Outcome {
    do {
      return .value("\(try body())")
    } catch let error as DecodingError {
      switch error {
      case .typeMismatch(let type, let context):
        return .error("typeMismatch \(type) at \(path(context.codingPath))")
      case .valueNotFound(let type, let context):
        return .error("valueNotFound \(type) at \(path(context.codingPath))")
      case .keyNotFound(let key, let context):
        return .error("keyNotFound \(key.stringValue) at \(path(context.codingPath))")
      case .dataCorrupted:
        // JSONDecoder says "not valid JSON" without a path for a number that does
        // not fit; StrictJSON names the number and its path. The case is the same.
        return .error("dataCorrupted")
      @unknown default:
        return .error("\(error)")
      }
    } catch {
      return .error("\(type(of: error))")
    }
  }

  static func compare<T: Decodable>(_ type: T.Type, _ text: String) {
    let data = Data(text.utf8)
    let foundation = outcome { try JSONDecoder().decode(type, from: data) }
    let ours = outcome { try StrictJSON.decode(type, from: data) }
    #expect(ours == foundation, "\(T.self) from \(text)")
  }

  struct Field<T: Decodable>: Decodable { var a: T }
  struct OptionalField<T: Decodable>: Decodable { var a: T? }

  static let texts = [
    "0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "65535",
    "65536", "2147483647", "2147483648", "-2147483649", "4294967296", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "18446744073709551615", "18446744073709551616", "123456789012345678", "1.0", "1.5", "-2.0",
    "1e2", "1E2", "1e+2", "100e-2", "-1e0", "0.1", "2.5e-3", "3.4028235e38", "3.5e38", "1e-50",
    "1.7976931348623157e308", #""1""#, #""text""#, #""a\nb\u00e9\ud83d\ude00""#, "true", "false",
    "null", "[]", "[1]", "{}", #"{"a":1}"#, #""aGVsbG8=""#, #""!!""#, #""https://example.com/a b""#,
  ]

  @Test("every scalar type, from every kind of value, in a field and alone")
  func scalars() {
    for text in Self.texts {
      let field = #"{"a":\#(text)}"#
      func check<T: Decodable>(_ type: T.Type) {
        Self.compare(Field<T>.self, field)
        Self.compare(OptionalField<T>.self, field)
        Self.compare([T].self, "[\(text)]")
        Self.compare(T.self, text)
      }
      check(Int.self)
      check(Int8.self)
      check(Int16.self)
      check(Int32.self)
      check(Int64.self)
      check(UInt.self)
      check(UInt8.self)
      check(UInt16.self)
      check(UInt32.self)
      check(UInt64.self)
      check(Double.self)
      check(Float.self)
      check(Bool.self)
      check(String.self)
      check(Data.self)
      check(URL.self)
      check(Decimal.self)
      check(Date.self)
      check([Int].self)
      check([String: Int].self)
    }
  }

  struct Nested: Decodable {
    var name: String
    var tags: [String]
    var inner: Inner?
    var table: [String: [Int]]

    struct Inner: Decodable {
      var values: [Double?]
      var flag: Bool
    }
  }

  @Test(
    "missing keys, wrong shapes and nulls deep inside are reported at the same path",
    arguments: [
      #"{"name":"x","tags":["a","b"],"inner":{"values":[1,null,2.5],"flag":true},"table":{"k":[1,2]}}"#,
      #"{"name":"x","tags":["a",2],"table":{}}"#,
      #"{"name":"x","tags":[],"inner":{"values":[],"flag":"no"},"table":{}}"#,
      #"{"name":"x","tags":[],"inner":{"values":[true]},"table":{}}"#,
      #"{"name":"x","tags":[],"inner":null,"table":{"k":[1,"2"]}}"#,
      #"{"name":null,"tags":[],"table":{}}"#,
      #"{"tags":[],"table":{}}"#,
      #"{"name":"x","tags":{},"table":{}}"#,
      #"{"name":"x","tags":[],"table":[]}"#,
      #"[{"name":"x"}]"#,
    ])
  func nested(text: String) {
    Self.compare(Nested.self, text)
    Self.compare([Nested].self, "[\(text)]")
  }

  /// Any JSON value, read through the containers, the way a generic type reads it.
  indirect enum Value: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Value])
    case object([String: Value])

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      if let container = try? decoder.container(keyedBy: Key.self) {
        var members: [String: Value] = [:]
        for key in container.allKeys {
          #expect(container.contains(key))
          members[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        self = .object(members)
      } else if var container = try? decoder.unkeyedContainer() {
        var elements: [Value] = []
        while !container.isAtEnd {
          if try container.decodeNil() {
            elements.append(.null)
          } else {
            elements.append(try container.decode(Value.self))
          }
        }
        self = .array(elements)
      } else {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
          self = .null
        } else if let bool = try? single.decode(Bool.self) {
          self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
          self = .number(number)
        } else {
          self = .string(try single.decode(String.self))
        }
      }
    }

    var description: String {
      switch self {
      case .null: "null"
      case .bool(let value): "\(value)"
      case .number(let value): "\(value)"
      case .string(let value): value.debugDescription
      case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
      case .object(let members):
        "{"
          + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value)" }
          .joined(separator: ",") + "}"
      }
    }
  }

  @Test("generated documents decode to the same values")
  func generated() throws {
    var random = SeededRandom(seed: 22)
    var compared = 0
    for _ in 0..<3_000 {
      let text = StrictJSONTests.value(&random, depth: 0)
      let data = Data(text.utf8)
      guard StrictJSON.isValid(data) else { continue }
      let foundation = try JSONDecoder().decode(Value.self, from: data)
      #expect(try StrictJSON.decode(Value.self, from: data) == foundation, "\(text)")
      compared += 1
    }
    #expect(compared > 1_000)
  }

  @Test("an element that fails to decode is still the next one")
  func unkeyedStaysOnFailure() throws {
    struct Skipping: Decodable {
      var numbers: [Int] = []
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
          if let number = try? container.decode(Int.self) {
            numbers.append(number)
          } else {
            _ = try container.decode(String.self)
          }
        }
      }
    }
    let data = Data(#"[1,"x",2,"y"]"#.utf8)
    #expect(try StrictJSON.decode(Skipping.self, from: data).numbers == [1, 2])
    #expect(try JSONDecoder().decode(Skipping.self, from: data).numbers == [1, 2])
  }

  /// Keeps the decoder it was given, to use it after decoding returned.
  final class KeptDecoder: Decodable {
    let decoder: any Decoder
    init(from decoder: any Decoder) throws { self.decoder = decoder }
  }

  @Test("a decoder used while decoding reads; kept and used after, it stops the program")
  func keptDecoder() async throws {
    struct Reads: Decodable {
      var text: String
      init(from decoder: any Decoder) throws {
        let kept = try KeptDecoder(from: decoder)
        text = try kept.decoder.singleValueContainer().decode(String.self)
      }
    }
    #expect(try StrictJSON.decode(Reads.self, from: Data(#""x""#.utf8)).text == "x")
    // Its bytes are gone: an index check stops it rather than reading them.
    await #expect(processExitsWith: .failure) {
      let kept = try StrictJSON.decode(KeptDecoder.self, from: Data(#""x""#.utf8))
      _ = try kept.decoder.singleValueContainer().decode(String.self)
    }
  }

  @Test("userInfo reaches init(from:)")
  func userInfo() throws {
    struct Reads: Decodable {
      var seen: Int?
      init(from decoder: any Decoder) throws {
        seen = decoder.userInfo[CodingUserInfoKey(rawValue: "k")!] as? Int
      }
    }
    let key = try #require(CodingUserInfoKey(rawValue: "k"))
    #expect(try StrictJSON.decode(Reads.self, from: Data("{}".utf8), userInfo: [key: 7]).seen == 7)
  }
}
