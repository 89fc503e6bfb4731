import Foundation

/// The `Decoder` behind ``StrictJSON/decode(_:from:)``: it decodes from the flat
/// index (``JSONIndex``) that the strict check built, so the bytes are parsed once.
///
/// It gives what `JSONDecoder` with its default strategies gives, values and errors
/// alike (the same `DecodingError` case, type and coding path; a differential test
/// checks this): `Data` from Base64, `URL` from its string, `Decimal` from the
/// number's text, `Date` by its own `Decodable` conformance. Keys are compared with
/// the bytes in place, starting at the last key found, so a type that reads its
/// keys in the file's order finds each with one or two comparisons.
final class JSONIndexDecoder: Decoder, SingleValueDecodingContainer {
  let document: JSONIndex
  /// This value's token; -1 for a value that is not there (read as `null`).
  let index: Int
  private let parent: JSONIndexDecoder?
  private let key: (any CodingKey)?
  /// Where the next key search starts: the last key token found.
  var searchStart = 0

  init(
    document: JSONIndex, index: Int = 0, parent: JSONIndexDecoder? = nil,
    key: (any CodingKey)? = nil
  ) {
    self.document = document
    self.index = index
    self.parent = parent
    self.key = key
  }

  var codingPath: [any CodingKey] {
    var path: [any CodingKey] = []
    var decoder: JSONIndexDecoder? = self
    while let current = decoder, let key = current.key {
      path.append(key)
      decoder = current.parent
    }
    return path.reversed()
  }

  var userInfo: [CodingUserInfoKey: Any] { document.userInfo }

  /// The path to a value inside this one.
  func path(_ key: (any CodingKey)?) -> [any CodingKey] {
    guard let key else { return codingPath }
    return codingPath + [key]
  }

  /// The token at `index`; `null` for a missing value.
  func token(_ index: Int) -> JSONToken {
    index >= 0 ? document.tokens[index] : .missing
  }

  // MARK: - Containers

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try expect(.object, as: [String: Any].self)
    return KeyedDecodingContainer(JSONIndexKeyedContainer<Key>(decoder: self))
  }

  /// ``Swift/Decoder/strictContainer(keyedBy:)`` on the index: every key is
  /// compared with `Key`'s names in place.
  func strictContainer<Key: CodingKey & CaseIterable>(keyedBy type: Key.Type) throws
    -> KeyedDecodingContainer<Key>
  {
    try expect(.object, as: [String: Any].self)
    if let member = document.firstUnknownKey(inObjectAt: index, names: document.names(of: type)) {
      let name = document.string(at: member)
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: path(JSONCodingKey(stringValue: name)),
          debugDescription: "unknown key '\(name)'"))
    }
    return KeyedDecodingContainer(JSONIndexKeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try expect(.array, as: [Any].self)
    return JSONIndexUnkeyedContainer(decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  private func expect(_ kind: JSONToken.Kind, as type: Any.Type) throws {
    let token = token(index)
    guard token.kind == kind else { throw mismatch(type, found: token, at: codingPath) }
  }

  // MARK: - The single value

  func decodeNil() -> Bool { token(index).kind == .null }

  func decode(_ type: Bool.Type) throws -> Bool { try bool(at: index, key: nil) }

  func decode(_ type: String.Type) throws -> String { try string(at: index, key: nil) }

  func decode(_ type: Double.Type) throws -> Double { try float(at: index, key: nil) }

  func decode(_ type: Float.Type) throws -> Float { try float(at: index, key: nil) }

  func decode(_ type: Int.Type) throws -> Int { try integer(at: index, key: nil) }

  func decode(_ type: Int8.Type) throws -> Int8 { try integer(at: index, key: nil) }

  func decode(_ type: Int16.Type) throws -> Int16 { try integer(at: index, key: nil) }

  func decode(_ type: Int32.Type) throws -> Int32 { try integer(at: index, key: nil) }

  func decode(_ type: Int64.Type) throws -> Int64 { try integer(at: index, key: nil) }

  func decode(_ type: UInt.Type) throws -> UInt { try integer(at: index, key: nil) }

  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(at: index, key: nil) }

  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(at: index, key: nil) }

  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(at: index, key: nil) }

  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(at: index, key: nil) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

  /// Decodes this value as `type`, the way `JSONDecoder` treats the types it knows.
  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    guard T.self != Data.self, T.self != URL.self, T.self != Date.self else {
      // A null where one of these belongs is reported as their own type.
      let token = token(index)
      if token.kind == .null { throw mismatch(T.self, found: token, at: codingPath) }
      return try decodeKnown(type)
    }
    if T.self == [String].self, token(index).kind == .array {
      // A list of strings (tags, names) is read without a decoder or container.
      return try cast(strings())
    }
    if T.self == Decimal.self {
      let token = token(index)
      guard token.kind == .number else {
        throw mismatch(Decimal.self, found: token, at: codingPath)
      }
      guard let decimal = Decimal(string: document.numberText(at: index)) else {
        throw doesNotFit(Decimal.self, at: index, key: nil)
      }
      return try cast(decimal)
    }
    return try T(from: self)
  }

  /// This array's elements, read as strings.
  private func strings() throws -> [String] {
    let count = document.tokens[index].memberCount
    var strings: [String] = []
    strings.reserveCapacity(count)
    for position in 0..<count {
      strings.append(try string(at: index + 1 + position, key: JSONCodingKey(index: position)))
    }
    return strings
  }

  /// `Data`, `URL` and `Date`, which are not null.
  private func decodeKnown<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == Data.self {
      let text = try string(at: index, key: nil)
      guard let data = Data(base64Encoded: text) else {
        throw corrupt("Encountered Data is not valid Base64.", at: codingPath)
      }
      return try cast(data)
    }
    if T.self == URL.self {
      let text = try string(at: index, key: nil)
      guard let url = URL(string: text) else {
        throw corrupt("Invalid URL string.", at: codingPath)
      }
      return try cast(url)
    }
    return try T(from: self)
  }

  /// `value` as `T`, which it is.
  private func cast<T>(_ value: some Any) throws -> T {
    guard let value = value as? T else {
      throw corrupt("cannot read \(type(of: value)) as \(T.self)", at: codingPath)
    }
    return value
  }

  /// Decodes the value at token `index`, a member or element of this one named `key`.
  func decodeChild<T: Decodable>(_ type: T.Type, at index: Int, key: any CodingKey) throws -> T {
    try JSONIndexDecoder(document: document, index: index, parent: self, key: key).decodeValue(type)
  }
}
