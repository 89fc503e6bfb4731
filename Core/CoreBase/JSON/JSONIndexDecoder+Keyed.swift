import Foundation

/// An object's members, read from the index by key.
struct JSONIndexKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: JSONIndexDecoder
  private let document: JSONIndex
  private let object: JSONToken

  init(decoder: JSONIndexDecoder) {
    self.decoder = decoder
    document = decoder.document
    object = document.tokens[decoder.index]
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  /// The keys in the order the object lists them.
  var allKeys: [Key] {
    var keys: [Key] = []
    var member = decoder.index + 1
    while member < object.tokenEnd {
      if let key = Key(stringValue: document.string(at: member)) { keys.append(key) }
      member = document.tokens[member + 1].next(at: member + 1)
    }
    return keys
  }

  /// The token of `key`'s value, or nil. The search starts at the last key found and
  /// wraps around, so reading keys in the file's order costs two comparisons each.
  private func valueIndex(of key: Key) -> Int? { valueIndex(named: key.stringValue) }

  private func valueIndex(named name: String) -> Int? {
    let first = decoder.index + 1
    var member = decoder.searchStart > first ? decoder.searchStart : first
    let start = member
    var wrapped = false
    while true {
      if member >= object.tokenEnd {
        if wrapped || start == first { return nil }
        wrapped = true
        member = first
      }
      if wrapped && member >= start { return nil }
      let next = document.tokens[member + 1].next(at: member + 1)
      if document.key(at: member, is: name) {
        // The same key again (`decodeNil`, then `decode`) is found at once, the
        // next one in the file's order after one comparison more.
        decoder.searchStart = member
        return member + 1
      }
      member = next
    }
  }

  private func require(_ key: Key) throws -> Int {
    guard let index = valueIndex(of: key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return index
  }

  func contains(_ key: Key) -> Bool { valueIndex(of: key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    decoder.token(try require(key)).kind == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.bool(at: require(key), key: key)
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.string(at: require(key), key: key)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder.float(at: require(key), key: key)
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try decoder.float(at: require(key), key: key)
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try decoder.integer(at: require(key), key: key)
  }

  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try decoder.integer(at: require(key), key: key)
  }

  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try decoder.integer(at: require(key), key: key)
  }

  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try decoder.integer(at: require(key), key: key)
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try decoder.integer(at: require(key), key: key)
  }

  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try decoder.integer(at: require(key), key: key)
  }

  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try decoder.integer(at: require(key), key: key)
  }

  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try decoder.integer(at: require(key), key: key)
  }

  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try decoder.integer(at: require(key), key: key)
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try decoder.integer(at: require(key), key: key)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.decodeChild(type, at: require(key), key: key)
  }

  // Optional reads look the key up once (the protocol's default looks it up three times).

  private func present(_ key: Key) -> Int? {
    guard let index = valueIndex(of: key), document.tokens[index].kind != .null else { return nil }
    return index
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(key).map { try decoder.bool(at: $0, key: key) }
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(key).map { try decoder.string(at: $0, key: key) }
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(key).map { try decoder.integer(at: $0, key: key) }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(key).map { try decoder.float(at: $0, key: key) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try present(key).map { try decoder.decodeChild(type, at: $0, key: key) }
  }

  // MARK: - Nested

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try child(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try child(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    JSONIndexDecoder(
      document: document, index: valueIndex(named: "super") ?? -1, parent: decoder,
      key: JSONCodingKey.superKey)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    JSONIndexDecoder(
      document: document, index: valueIndex(of: key) ?? -1, parent: decoder, key: key)
  }

  private func child(_ key: Key) throws -> JSONIndexDecoder {
    JSONIndexDecoder(document: document, index: try require(key), parent: decoder, key: key)
  }
}
