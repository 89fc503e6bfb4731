import Core
import CoreTesting
import Foundation
import Testing

/// `StrictJSON.encode` writes what the stores wrote with `JSONEncoder` and the escape
/// pass, byte for byte: a corpus of every kind of value and container, and a few
/// thousand seeded random trees.
@Suite("StrictJSON.encode against JSONEncoder")
struct StrictJSONEncoderTests {
  typealias Reference = StoreJSONReference

  @Test("An empty array or object is [] / {}, in the fast writer and the fallback alike")
  func emptyContainers() throws {
    struct Tagged: Encodable {
      var tags: [String] = []
      var fields: [String: Int] = [:]
      var nested: [[Int]] = [[]]
      var note = "[\n\n]"
    }
    let expected = """
      {
        "fields" : {},
        "nested" : [
          []
        ],
        "note" : "[\\n\\n]",
        "tags" : []
      }
      """
    #expect(String(decoding: try StrictJSON.encode(Tagged()), as: UTF8.self) == expected)
    #expect(
      String(decoding: try StrictJSON.encodeWithFoundation(Tagged()), as: UTF8.self) == expected)
    #expect(String(decoding: try StrictJSON.encode([String]()), as: UTF8.self) == "[]")
  }

  @Test("Scalars at the top and in arrays")
  func scalars() {
    Reference.expectSame("x")
    Reference.expectSame(3)
    Reference.expectSame(true)
    Reference.expectSame(Int?.none)
    Reference.expectSame([Int.min, Int.max, 0, -1])
    Reference.expectSame([Int8.min, Int8.max])
    Reference.expectSame([Int16.min, Int16.max])
    Reference.expectSame([Int32.min, Int32.max])
    Reference.expectSame([Int64.min, Int64.max])
    Reference.expectSame([UInt.min, UInt.max])
    Reference.expectSame([UInt8.max])
    Reference.expectSame([UInt16.max])
    Reference.expectSame([UInt32.max])
    Reference.expectSame([UInt64.max, 9, 10, 99, 100, 999_999_999_999_999_999])
    Reference.expectSame([true, false])
    Reference.expectSame([1, nil, 3] as [Int?])
  }

  @Test("Floating-point numbers as JSONEncoder spells them")
  func numbers() {
    Reference.expectSame([
      0.0, -0.0, 1e-7, 1e21, 0.1, .pi, .greatestFiniteMagnitude, 1e20, 1e-6, .leastNonzeroMagnitude,
      100,
      1.5, -2.5e-10, 1e16, 1e15, 12_345_678.9, .leastNormalMagnitude, -.greatestFiniteMagnitude,
    ])
    Reference.expectSame([
      Float(0.1), .pi, .greatestFiniteMagnitude, 1e-7, 1e21, -0.0, .leastNonzeroMagnitude,
      16_777_216, 1e10,
    ])
    Reference.expectSame(Double.pi)
    Reference.expectSame(Float(0.1))
  }

  @Test("Non-finite numbers throw EncodingError.invalidValue with the same path")
  func nonFinite() {
    Reference.expectSame(Double.nan)
    Reference.expectSame([Double.infinity])
    Reference.expectSame([-Double.infinity])
    Reference.expectSame([Float.infinity])
    Reference.expectSame(["x": [Double.nan]])
    Reference.expectSame(Wrapper(number: .nan))
    Reference.expectSame(["a": Wrapper(number: -.infinity)])
    Reference.expectSame([Float?.some(.nan)])
    Reference.expectSame(Date(timeIntervalSinceReferenceDate: .nan))
    Reference.expectSame(JSONTree.array([.number(.infinity)], nested: false))
  }

  /// `JSONEncoder` on Linux leaves the keys of nested containers out of the paths
  /// its values see (a value in `nestedUnkeyedContainer(forKey: "k")` is at
  /// `["Index 0"]`); the store's encoder gives the whole path.
  @Test("Paths inside nested containers are whole")
  func nestedPaths() {
    let tree = JSONTree.object([("k", .array([.number(.nan)], nested: true))], nested: true)
    Reference.expectSame(tree, comparingPaths: false)
    #expect {
      try StrictJSON.encode(tree)
    } throws: { error in
      Reference.describe(error).hasSuffix(#"at ["k/-", "Index 0/0"]"#)
    }
    Reference.expectSame(JSONTree.array([.number(.infinity)], nested: false))
  }

  @Test("Empty objects and arrays, and values that encode nothing")
  func empties() {
    Reference.expectSame([String: Int]())
    Reference.expectSame([Int]())
    Reference.expectSame(["a": [Int](), "b": []])
    Reference.expectSame([[[1]], [], [[]]])
    Reference.expectSame(["": [String: Int]()])
    Reference.expectSame(EmptyKeyed())
    Reference.expectSame([EmptyKeyed(), EmptyKeyed()])
    Reference.expectSame(Nothing())
    Reference.expectSame([Nothing()])
    Reference.expectSame(["a": Nothing()])
    Reference.expectSame(SingleNothing())
    Reference.expectSame([SingleNothing()])
    Reference.expectSame(Set<Int>())
  }

  @Test("Key order: bytes of UTF-8, and keys equal as strings are one member")
  func keyOrder() {
    Reference.expectSame([
      "b": 1, "B": 2, "a": 3, "10": 4, "9": 5, "_": 6, "é": 7, "z": 8, "Z": 9, "aa": 10,
      "a1": 11, "a10": 12, "a9": 13, "ä": 14, "ab": 15, "": 16, "1": 17, "01": 18, "x~": 19,
      "😀": 20, "ﬀ": 21, "\u{10000}": 22, "\u{FFFF}": 23, "ab!": 24, "a\"": 25, "a#": 26,
      "a\u{1}": 27, "a\u{7F}": 28, "a\\": 29, "a]": 30,
    ])
    Reference.expectSame(Keys(["f", "e\u{301}"]))
    Reference.expectSame(Keys(["é", "e\u{301}"]))
    Reference.expectSame(Keys(["e\u{301}", "é", "a"]))
    Reference.expectSame(Keys(["\u{2126}", "\u{3A9}"]))
    Reference.expectSame(Keys(["K", "\u{212A}", "J"]))
    Reference.expectSame(Keys(["a\u{301}\u{327}", "a\u{327}\u{301}", "b"]))
    Reference.expectSame(Keys(["\u{1100}\u{1161}", "\u{AC00}", "\u{AC01}"]))
    Reference.expectSame(Keys(["b", "a", "b", "a", "c"]))
    Reference.expectSame(Keys(["a", "b", "c"]))
    Reference.expectSame(Keys(["c", "b", "a"]))
    Reference.expectSame(Keys(["a\u{202E}", "a", "a\u{202E}"]))
    Reference.expectSame([10: "a", 9: "b", -1: "c", Int.min: "d"])
    Reference.expectSame(["1": 1, "2": 2])
  }

  @Test("Strings: quotes, backslash, slash, every C0 control, DEL, C1, invisibles, emoji")
  func strings() {
    var every = ""
    for value in UInt32(0)...0xA0 {
      if let scalar = Unicode.Scalar(value) { every.unicodeScalars.append(scalar) }
    }
    let invisible: [UInt32] = [
      0x61C, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C,
      0x202D, 0x202E, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2065, 0x2066, 0x2067, 0x2068,
      0x2069, 0x206A, 0x206F, 0xFEFF, 0xFEFE, 0xFFFE, 0x2027, 0x202F, 0x61B, 0x61D,
    ]
    for value in invisible {
      if let scalar = Unicode.Scalar(value) { every.unicodeScalars.append(scalar) }
    }
    Reference.expectSame(every)
    Reference.expectSame([every: every])
    Reference.expectSame("q\"b\\s/😀é👩‍👩‍👧 \u{10FFFF}")
    Reference.expectSame(["path/to\\x": "https://example.com/a/b"])
    // Every scalar of the planes where invisibles live, in one string.
    var bmp = ""
    for value in UInt32(0x0580)...0x0700 {
      if let scalar = Unicode.Scalar(value) { bmp.unicodeScalars.append(scalar) }
    }
    for value in UInt32(0x2000)...0x2100 {
      if let scalar = Unicode.Scalar(value) { bmp.unicodeScalars.append(scalar) }
    }
    for value in UInt32(0xFE00)...0xFFFF {
      if let scalar = Unicode.Scalar(value) { bmp.unicodeScalars.append(scalar) }
    }
    Reference.expectSame(bmp)
  }

  @Test("Foundation types with JSONEncoder's default strategies")
  func foundationTypes() throws {
    Reference.expectSame(Date(timeIntervalSinceReferenceDate: 12_345.5))
    Reference.expectSame([Date(timeIntervalSince1970: 0)])
    Reference.expectSame(Data([1, 2, 3, 255]))
    Reference.expectSame(["data": Data(), "more": Data(repeating: 0xFB, count: 100)])
    let url = try #require(URL(string: "https://x.com/a/b?c=1"))
    let base = try #require(URL(string: "https://x.com/a/"))
    let relative = try #require(URL(string: "b/c", relativeTo: base))
    Reference.expectSame([url, relative, URL(fileURLWithPath: "/tmp/a b")])
    let decimals = ["3.14159", "-0.000001", "12345678901234567890123", "0", "1e-20"]
      .compactMap { Decimal(string: $0) }
    Reference.expectSame(decimals + [Decimal.nan])
    Reference.expectSame(Decimal(42))
    Reference.expectSame(["dates": [Date(timeIntervalSinceReferenceDate: -1)]])
  }

  @Test("Optional scalars of every kind, doubly optional ones, and raw-value enums")
  func optionalScalars() throws {
    let url = try #require(URL(string: "https://x.com/a"))
    Reference.expectSame(Date?(Date(timeIntervalSinceReferenceDate: 2)))
    Reference.expectSame([Date(timeIntervalSinceReferenceDate: 1), nil] as [Date?])
    Reference.expectSame([Data([7]), nil] as [Data?])
    Reference.expectSame([url, nil] as [URL?])
    Reference.expectSame([Decimal(5), nil] as [Decimal?])
    Reference.expectSame([1.5, nil] as [Double?])
    Reference.expectSame([Float(2.5), nil] as [Float?])
    Reference.expectSame([true, nil] as [Bool?])
    Reference.expectSame([Int8(-1), nil] as [Int8?])
    Reference.expectSame([UInt64.max, nil] as [UInt64?])
    Reference.expectSame(Int??.some(.none))
    Reference.expectSame(Int??.some(4))
    Reference.expectSame(
      ["a": .some(.none), "b": .some(Date(timeIntervalSince1970: 0))] as [String: Date??])
    Reference.expectSame([Suit.hearts, .spades])
    Reference.expectSame(["suit": Suit.spades])
    Reference.expectSame([Double.infinity] as [Double?])
  }

  @Test("Nested, super and repeated containers")
  func containers() {
    Reference.expectSame(Containers())
    Reference.expectSame([Containers()])
    Reference.expectSame(TwoContainers())
    Reference.expectSame(SuperUnused())
    Reference.expectSame(RepeatedValues())
    Reference.expectSame(SingleArray())
    Reference.expectSame(OptionalMembers(a: nil, b: 2, c: "x"))
    Reference.expectSame(["a": nil, "b": 1] as [String: Int?])
    Reference.expectSame(Versioned(version: 2, value: ["items": [1, 2]]))
  }

  @Test("Containers used out of order are encoded again with JSONEncoder")
  func outOfOrder() {
    Reference.expectSame(Interleaved())
    Reference.expectSame(["x": Interleaved()])
    Reference.expectSame(NestedTwice())
    Reference.expectSame(CaughtError())
  }

  @Test("Seeded random trees", arguments: 0..<8)
  func randomTrees(seed: UInt64) {
    var maker = JSONTreeMaker(generator: SeededRandom(seed: seed))
    for index in 0..<400 {
      let tree = maker.tree(depth: 0)
      Reference.expectSame(tree, "seed \(seed), tree \(index)")
    }
  }

  @Test("The store writes the encoder's text and a final newline")
  func storeWrite() throws {
    let store = InMemoryKeyValueStore()
    let value = ["b": "\u{202E}", "a": "x/y"]
    try store.set(value, forKey: "k")
    var expected = try StoreJSONReference.encode(value)
    expected.append(0x0A)
    #expect(try store.data(forKey: "k") == expected)
  }
}

// MARK: - Fixtures

private enum Suit: String, Encodable {
  case hearts, spades
}

private struct Wrapper: Encodable {
  var number: Double
}

private struct EmptyKeyed: Encodable {
  func encode(to encoder: any Encoder) throws {
    _ = encoder.container(keyedBy: AnyKey.self)
  }
}

private struct Nothing: Encodable {
  func encode(to encoder: any Encoder) throws {}
}

private struct SingleNothing: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Nothing())
  }
}

private struct Keys: Encodable {
  var keys: [String]
  init(_ keys: [String]) { self.keys = keys }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    for (index, key) in keys.enumerated() { try container.encode(index, forKey: AnyKey(key)) }
  }
}

private struct Containers: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    try container.encode(1, forKey: AnyKey("z"))
    var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a"))
    try nested.encode("x", forKey: AnyKey("z"))
    var list = nested.nestedUnkeyedContainer(forKey: AnyKey("a"))
    try list.encode(1)
    var inner = list.nestedUnkeyedContainer()
    try inner.encode(2)
    var object = list.nestedContainer(keyedBy: AnyKey.self)
    try object.encodeNil(forKey: AnyKey("z"))
    let listSuper = list.superEncoder()
    var superObject = listSuper.container(keyedBy: AnyKey.self)
    try superObject.encode(7, forKey: AnyKey("a"))
    try list.encode(Nothing())
    let emptyList = list.nestedUnkeyedContainer()
    _ = emptyList.count
    let plainSuper = container.superEncoder()
    var single = plainSuper.singleValueContainer()
    try single.encode(5)
    let keyedSuper = container.superEncoder(forKey: AnyKey("sup"))
    var superList = keyedSuper.unkeyedContainer()
    try superList.encode(true)
    try container.encode(Date(timeIntervalSinceReferenceDate: 1), forKey: AnyKey("date"))
  }
}

private struct TwoContainers: Encodable {
  func encode(to encoder: any Encoder) throws {
    var first = encoder.container(keyedBy: AnyKey.self)
    try first.encode(2, forKey: AnyKey("b"))
    var second = encoder.container(keyedBy: AnyKey.self)
    try second.encode(1, forKey: AnyKey("a"))
  }
}

private struct SuperUnused: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    _ = container.superEncoder()
    try container.encode(1, forKey: AnyKey("a"))
  }
}

private struct RepeatedValues: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    try container.encode(1, forKey: AnyKey("a"))
    try container.encode([1, 2], forKey: AnyKey("b"))
    try container.encode(2, forKey: AnyKey("a"))
    try container.encode(["x": 1], forKey: AnyKey("b"))
    var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("c"))
    try nested.encode(3, forKey: AnyKey("d"))
    try container.encode(4, forKey: AnyKey("c"))
  }
}

private struct SingleArray: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode([1, 2])
  }
}

private struct OptionalMembers: Encodable {
  var a: Int?
  var b: Int?
  var c: String?
}

private struct Interleaved: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("n"))
    try container.encode(1, forKey: AnyKey("a"))
    try nested.encode(2, forKey: AnyKey("late"))
    var list = container.nestedUnkeyedContainer(forKey: AnyKey("u"))
    try list.encode(1)
    try container.encode(3, forKey: AnyKey("b"))
    try list.encode(2)
  }
}

private struct NestedTwice: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    var first = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("n"))
    try first.encode(1, forKey: AnyKey("a"))
    var second = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("n"))
    try second.encode(2, forKey: AnyKey("b"))
  }
}

private struct CaughtError: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    try? container.encode(Double.nan, forKey: AnyKey("bad"))
    try? container.encode([Wrapper(number: .infinity)], forKey: AnyKey("worse"))
    try container.encode(1, forKey: AnyKey("good"))
  }
}
