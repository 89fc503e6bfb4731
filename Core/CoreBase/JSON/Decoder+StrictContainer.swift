/// Refusing keys a type does not know, so that a value read and written back never
/// loses what the file held.
extension Decoder {
  /// The object being decoded as a keyed container, after checking that it has no
  /// key `type` does not list.
  ///
  /// `JSONDecoder` skips keys a type does not know, so a stored value read, changed
  /// and written back would drop them in silence (a misspelt `"tagz"`, or a field a
  /// newer build added). Use this in place of `container(keyedBy:)` in
  /// `init(from:)` to refuse such a value instead: the stores report it as
  /// corrupt, naming the key and where it is.
  ///
  /// Under ``StrictJSON/decode(_:from:)`` (every store read) the object's keys are
  /// compared in place with the names of `type.allCases`, listed once per document.
  /// Under another decoder it costs one container per object, as
  /// `container(keyedBy:)` does: the keys are listed once and checked, and every
  /// `decode` goes through that same container.
  ///
  /// ```swift
  /// struct Todo: Codable {
  ///   var title: String
  ///   enum CodingKeys: String, CodingKey, CaseIterable { case title }
  ///
  ///   init(from decoder: any Decoder) throws {
  ///     let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
  ///     title = try container.decode(String.self, forKey: .title)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter type: The keys the type reads, usually its `CodingKeys`.
  /// - Returns: A container that decodes by those keys.
  /// - Throws: `DecodingError.dataCorrupted` naming the first unknown key, or
  ///   `typeMismatch` when the value is not an object.
  public func strictContainer<Key: CodingKey & CaseIterable>(keyedBy type: Key.Type) throws
    -> KeyedDecodingContainer<Key>
  {
    if let decoder = self as? JSONIndexDecoder { return try decoder.strictContainer(keyedBy: type) }
    let base = try container(keyedBy: JSONCodingKey.self)
    var known: [Key] = []
    for name in base.allKeys {
      guard let key = Key(stringValue: name.stringValue) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: codingPath + [name],
            debugDescription: "unknown key '\(name.stringValue)'"))
      }
      known.append(key)
    }
    return KeyedDecodingContainer(StrictKeyedContainer(base: base, allKeys: known))
  }
}

/// The container ``Swift/Decoder/strictContainer(keyedBy:)`` returns: every call goes
/// to the one container keyed by name.
private struct StrictKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let base: KeyedDecodingContainer<JSONCodingKey>
  let allKeys: [Key]

  var codingPath: [any CodingKey] { base.codingPath }

  func contains(_ key: Key) -> Bool { base.contains(JSONCodingKey(key)) }

  func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: JSONCodingKey(key)) }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try base.decode(type, forKey: JSONCodingKey(key))
  }

  // The common optional reads go straight through (the default would look the key
  // up three times).

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try base.decodeIfPresent(type, forKey: JSONCodingKey(key))
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try base.decodeIfPresent(type, forKey: JSONCodingKey(key))
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try base.decodeIfPresent(type, forKey: JSONCodingKey(key))
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try base.decodeIfPresent(type, forKey: JSONCodingKey(key))
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try base.decodeIfPresent(type, forKey: JSONCodingKey(key))
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try base.nestedContainer(keyedBy: type, forKey: JSONCodingKey(key))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try base.nestedUnkeyedContainer(forKey: JSONCodingKey(key))
  }

  func superDecoder() throws -> any Decoder { try base.superDecoder() }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try base.superDecoder(forKey: JSONCodingKey(key))
  }
}
