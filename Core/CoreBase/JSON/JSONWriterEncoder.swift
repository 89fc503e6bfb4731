/// The `Encoder` a value's `encode(to:)` receives: one slot of a ``JSONWriter``.
struct JSONWriterEncoder: Encoder {
  let writer: JSONWriter
  let frame: JSONWriter.FrameID

  var codingPath: [any CodingKey] { writer.codingPath(of: frame) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    writer.open(frame, as: .object)
    return KeyedEncodingContainer(JSONWriterKeyedContainer<Key>(writer: writer, frame: frame))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    writer.open(frame, as: .array)
    return JSONWriterUnkeyedContainer(writer: writer, frame: frame)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONWriterSingleValueContainer(writer: writer, frame: frame)
  }
}

/// An object being written by a ``JSONWriter``.
struct JSONWriterKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let writer: JSONWriter
  let frame: JSONWriter.FrameID

  var codingPath: [any CodingKey] { writer.codingPath(of: frame) }

  mutating func encodeNil(forKey key: Key) throws {
    if writer.beginMember(key.stringValue, in: frame) { writer.writeNull() }
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    if writer.beginMember(key.stringValue, in: frame) { writer.writeBool(value) }
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    if writer.beginMember(key.stringValue, in: frame) { writer.writeString(value) }
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    try encodeFloat(value, forKey: key)
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    try encodeFloat(value, forKey: key)
  }

  mutating func encode(_ value: Int, forKey key: Key) throws { encodeInteger(value, forKey: key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { encodeInteger(value, forKey: key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { encodeInteger(value, forKey: key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { encodeInteger(value, forKey: key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { encodeInteger(value, forKey: key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { encodeInteger(value, forKey: key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { encodeInteger(value, forKey: key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    encodeInteger(value, forKey: key)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    encodeInteger(value, forKey: key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    encodeInteger(value, forKey: key)
  }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    guard writer.beginMember(key.stringValue, in: frame) else { return }
    try writer.writeValue(value, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = writer.nest(member: key.stringValue, pathKey: key, kind: .object, in: frame)
    return KeyedEncodingContainer(
      JSONWriterKeyedContainer<NestedKey>(writer: writer, frame: nested))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = writer.nest(member: key.stringValue, pathKey: key, kind: .array, in: frame)
    return JSONWriterUnkeyedContainer(writer: writer, frame: nested)
  }

  mutating func superEncoder() -> any Encoder {
    let key = JSONCodingKey.superKey
    let nested = writer.nest(member: key.stringValue, pathKey: key, kind: .empty, in: frame)
    return JSONWriterEncoder(writer: writer, frame: nested)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let nested = writer.nest(member: key.stringValue, pathKey: key, kind: .empty, in: frame)
    return JSONWriterEncoder(writer: writer, frame: nested)
  }

  private func encodeInteger(_ value: some FixedWidthInteger, forKey key: Key) {
    if writer.beginMember(key.stringValue, in: frame) { writer.writeInteger(value) }
  }

  private func encodeFloat(
    _ value: some BinaryFloatingPoint & LosslessStringConvertible & Sendable, forKey key: Key
  ) throws {
    guard writer.beginMember(key.stringValue, in: frame) else { return }
    try writer.writeScalar(
      { () throws(JSONWriter.NonFinite) in try writer.writeFloat(value) },
      codingPath: codingPath + [key])
  }
}

/// An array being written by a ``JSONWriter``.
struct JSONWriterUnkeyedContainer: UnkeyedEncodingContainer {
  let writer: JSONWriter
  let frame: JSONWriter.FrameID

  var codingPath: [any CodingKey] { writer.codingPath(of: frame) }
  var count: Int { writer.count(of: frame) }

  mutating func encodeNil() throws {
    if writer.beginElement(in: frame) { writer.writeNull() }
  }

  mutating func encode(_ value: Bool) throws {
    if writer.beginElement(in: frame) { writer.writeBool(value) }
  }

  mutating func encode(_ value: String) throws {
    if writer.beginElement(in: frame) { writer.writeString(value) }
  }

  mutating func encode(_ value: Double) throws { try encodeFloat(value) }
  mutating func encode(_ value: Float) throws { try encodeFloat(value) }
  mutating func encode(_ value: Int) throws { encodeInteger(value) }
  mutating func encode(_ value: Int8) throws { encodeInteger(value) }
  mutating func encode(_ value: Int16) throws { encodeInteger(value) }
  mutating func encode(_ value: Int32) throws { encodeInteger(value) }
  mutating func encode(_ value: Int64) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt8) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt16) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt32) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt64) throws { encodeInteger(value) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    guard writer.beginElement(in: frame) else { return }
    try writer.writeValue(value, key: JSONCodingKey(index: count - 1))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let key = JSONCodingKey(index: count)
    let nested = writer.nest(member: nil, pathKey: key, kind: .object, in: frame)
    return KeyedEncodingContainer(
      JSONWriterKeyedContainer<NestedKey>(writer: writer, frame: nested))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let key = JSONCodingKey(index: count)
    let nested = writer.nest(member: nil, pathKey: key, kind: .array, in: frame)
    return JSONWriterUnkeyedContainer(writer: writer, frame: nested)
  }

  mutating func superEncoder() -> any Encoder {
    let key = JSONCodingKey(index: count)
    let nested = writer.nest(member: nil, pathKey: key, kind: .empty, in: frame)
    return JSONWriterEncoder(writer: writer, frame: nested)
  }

  private func encodeInteger(_ value: some FixedWidthInteger) {
    if writer.beginElement(in: frame) { writer.writeInteger(value) }
  }

  private func encodeFloat(_ value: some BinaryFloatingPoint & LosslessStringConvertible & Sendable)
    throws
  {
    guard writer.beginElement(in: frame) else { return }
    try writer.writeScalar(
      { () throws(JSONWriter.NonFinite) in try writer.writeFloat(value) },
      codingPath: codingPath + [JSONCodingKey(index: count - 1)])
  }
}

/// The single value of one slot of a ``JSONWriter``.
struct JSONWriterSingleValueContainer: SingleValueEncodingContainer {
  let writer: JSONWriter
  let frame: JSONWriter.FrameID

  var codingPath: [any CodingKey] { writer.codingPath(of: frame) }

  mutating func encodeNil() throws {
    if writer.beginSingleValue(in: frame) { writer.writeNull() }
  }

  mutating func encode(_ value: Bool) throws {
    if writer.beginSingleValue(in: frame) { writer.writeBool(value) }
  }

  mutating func encode(_ value: String) throws {
    if writer.beginSingleValue(in: frame) { writer.writeString(value) }
  }

  mutating func encode(_ value: Double) throws { try encodeFloat(value) }
  mutating func encode(_ value: Float) throws { try encodeFloat(value) }
  mutating func encode(_ value: Int) throws { encodeInteger(value) }
  mutating func encode(_ value: Int8) throws { encodeInteger(value) }
  mutating func encode(_ value: Int16) throws { encodeInteger(value) }
  mutating func encode(_ value: Int32) throws { encodeInteger(value) }
  mutating func encode(_ value: Int64) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt8) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt16) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt32) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt64) throws { encodeInteger(value) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    guard writer.beginSingleValue(in: frame) else { return }
    try writer.writeValue(value, key: nil)
  }

  private func encodeInteger(_ value: some FixedWidthInteger) {
    if writer.beginSingleValue(in: frame) { writer.writeInteger(value) }
  }

  private func encodeFloat(_ value: some BinaryFloatingPoint & LosslessStringConvertible & Sendable)
    throws
  {
    guard writer.beginSingleValue(in: frame) else { return }
    try writer.writeScalar(
      { () throws(JSONWriter.NonFinite) in try writer.writeFloat(value) },
      codingPath: codingPath)
  }
}
