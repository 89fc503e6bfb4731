package import Foundation

/// The encoder every typed store write goes through: from values to bytes, the other
/// half of `Core/CoreBase/JSON` (a ``JSONWriterEncoder`` hands a value's `encode(to:)` the
/// containers of a ``JSONWriter``, which writes the text).
extension StrictJSON {
  /// The text `JSONEncoder` writes for `value` with `[.prettyPrinted, .sortedKeys,
  /// .withoutEscapingSlashes]` and its default strategies, byte for byte, with every
  /// invisible character but the C0 controls written as a `\u` escape
  /// (``JSONEscaping``), in one pass into one buffer. An empty array or object is
  /// `[]` / `{}`, as `JSONEncoder` writes them on Apple platforms (Linux's puts a blank
  /// line between the brackets).
  ///
  /// `JSONEncoder` builds a tree of boxed values and serializes it; on a 10,000-item
  /// document that is most of a `todo add`. This encoder writes each value in place,
  /// pretty-printed at its depth, and puts an object's members in key order when the
  /// object closes (nothing moves when they came in order). A value that writes into
  /// a container after a later sibling started (which `JSONEncoder` allows and
  /// synthesized conformances never do) is encoded again with `JSONEncoder`, so the
  /// bytes are the same either way.
  ///
  /// <!-- doc-test: skip `StrictJSON.encode` is package-level: the stores call it, an app does not -->
  /// ```swift
  /// let data = try StrictJSON.encode(["b": 1, "a": 2])  // {\n  "a" : 2,\n  "b" : 1\n}
  /// ```
  ///
  /// - Parameter value: The value to encode.
  /// - Returns: UTF-8 JSON text, without a final newline.
  /// - Throws: What `JSONEncoder` throws for the same value: `EncodingError.invalidValue`
  ///   for a non-finite number or a top-level value that encodes nothing, and what the
  ///   value's `encode(to:)` throws.
  package static func encode<Value: Encodable>(_ value: Value) throws -> Data {
    Data(try encodedBytes(value))
  }

  /// The JSON text of `value`, with `terminator` appended when given.
  static func encodedBytes<Value: Encodable>(_ value: Value, terminator: UInt8? = nil) throws
    -> [UInt8]
  {
    let writer = JSONWriter()
    try writer.writeRoot(value)
    if writer.isAbandoned {
      var bytes = [UInt8](try encodeWithFoundation(value))
      if let terminator { bytes.append(terminator) }
      return bytes
    }
    if let terminator { writer.bytes.append(terminator) }
    return writer.bytes
  }

  /// The same text the slow way: `JSONEncoder`, then
  /// `JSONEscaping.escapingInvisibles`. What the stores wrote before
  /// ``encode(_:)``; what it falls back on; the benchmarks' baseline.
  ///
  /// - Parameter value: The value to encode.
  /// - Returns: UTF-8 JSON text, without a final newline.
  /// - Throws: What `JSONEncoder` throws.
  package static func encodeWithFoundation<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return JSONEscaping.escapingInvisibles(collapsingEmptyContainers(try encoder.encode(value)))
  }

  /// Pretty-printed JSON with each empty array or object as `[]` / `{}`: Linux's
  /// `JSONEncoder` writes a blank line between the brackets (`[⏎⏎  ]`).
  ///
  /// A string never holds a raw line feed (JSON escapes it), so an opener followed by
  /// two line feeds, spaces and its closer is always an empty container.
  package static func collapsingEmptyContainers(_ json: Data) -> Data {
    let bytes = [UInt8](json)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      output.append(byte)
      index += 1
      guard byte == JSONByte.openBracket || byte == JSONByte.openBrace,
        index + 1 < bytes.count, bytes[index] == JSONByte.newline,
        bytes[index + 1] == JSONByte.newline
      else { continue }
      var end = index + 2
      while end < bytes.count, bytes[end] == JSONByte.space { end += 1 }
      let closer = byte == JSONByte.openBracket ? JSONByte.closeBracket : JSONByte.closeBrace
      if end < bytes.count, bytes[end] == closer {
        output.append(closer)
        index = end + 1
      }
    }
    return Data(output)
  }
}
