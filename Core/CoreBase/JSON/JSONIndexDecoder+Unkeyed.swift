import Foundation

/// An array's elements, read from the index in order.
struct JSONIndexUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: JSONIndexDecoder
  private let document: JSONIndex
  /// The next element's token.
  private var position: Int
  let count: Int?
  private(set) var currentIndex = 0

  init(decoder: JSONIndexDecoder) {
    self.decoder = decoder
    document = decoder.document
    position = decoder.index + 1
    count = document.tokens[decoder.index].memberCount
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  var isAtEnd: Bool { currentIndex >= count ?? 0 }

  /// The next element's token and key, or `valueNotFound` at the end.
  private func peek(_ type: Any.Type) throws -> (index: Int, key: JSONCodingKey) {
    let key = JSONCodingKey(index: currentIndex)
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: decoder.path(key), debugDescription: "Unkeyed container is at end."))
    }
    return (position, key)
  }

  /// Moves past the element read. Only after it was read: an element that fails
  /// to decode is still the next one, as with `JSONDecoder`.
  private mutating func advance() {
    position = document.tokens[position].next(at: position)
    currentIndex += 1
  }

  mutating func decodeNil() throws -> Bool {
    let (index, _) = try peek(Any?.self)
    // Not null: stay on the element, as the protocol asks.
    guard document.tokens[index].kind == .null else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let (index, key) = try peek(type)
    let value = try decoder.bool(at: index, key: key)
    advance()
    return value
  }

  mutating func decode(_ type: String.Type) throws -> String {
    let (index, key) = try peek(type)
    let value = try decoder.string(at: index, key: key)
    advance()
    return value
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    let (index, key) = try peek(type)
    let value: Double = try decoder.float(at: index, key: key)
    advance()
    return value
  }

  mutating func decode(_ type: Float.Type) throws -> Float {
    let (index, key) = try peek(type)
    let value: Float = try decoder.float(at: index, key: key)
    advance()
    return value
  }

  mutating func decode(_ type: Int.Type) throws -> Int { try integer() }

  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }

  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }

  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }

  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }

  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }

  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }

  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }

  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }

  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

  private mutating func integer<T: FixedWidthInteger>() throws -> T {
    let (index, key) = try peek(T.self)
    let value: T = try decoder.integer(at: index, key: key)
    advance()
    return value
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (index, key) = try peek(type)
    let value = try decoder.decodeChild(type, at: index, key: key)
    advance()
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let (index, key) = try peek(KeyedDecodingContainer<NestedKey>.self)
    let value = try child(index, key).container(keyedBy: type)
    advance()
    return value
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (index, key) = try peek((any UnkeyedDecodingContainer).self)
    let value = try child(index, key).unkeyedContainer()
    advance()
    return value
  }

  mutating func superDecoder() throws -> any Decoder {
    let (index, key) = try peek((any Decoder).self)
    let value = child(index, key)
    advance()
    return value
  }

  private func child(_ index: Int, _ key: JSONCodingKey) -> JSONIndexDecoder {
    JSONIndexDecoder(document: document, index: index, parent: decoder, key: key)
  }
}
