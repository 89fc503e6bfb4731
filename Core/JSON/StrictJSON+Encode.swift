package import Foundation

/// The JSON encoder every typed store write goes through: the text `JSONEncoder`
/// writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` and its default
/// strategies, byte for byte, with every invisible character but the C0 controls
/// written as a `\u` escape (``StoreCoding/escapingInvisibles(_:)``), in one pass into
/// one buffer.
///
/// `JSONEncoder` builds a tree of boxed values and serializes it; on a 10,000-item
/// document that is most of a `todo add`. This encoder writes each value in place,
/// pretty-printed at its depth, and puts an object's members in key order when the
/// object closes (nothing moves when they came in order). A value that writes into a
/// container after a later sibling started (which `JSONEncoder` allows and synthesized
/// conformances never do) is encoded again with `JSONEncoder`, so the bytes are the
/// same either way.
///
/// ```swift
/// let data = try StoreJSONEncoder().encode(["b": 1, "a": 2])  // {\n  "a" : 2,\n  "b" : 1\n}
/// ```
package struct StoreJSONEncoder: Sendable {
  /// Creates an encoder.
  package init() {}

  /// The JSON text of `value`.
  ///
  /// - Parameter value: The value to encode.
  /// - Returns: UTF-8 JSON text, without a final newline.
  /// - Throws: What `JSONEncoder` throws for the same value: `EncodingError.invalidValue`
  ///   for a non-finite number or a top-level value that encodes nothing, and what the
  ///   value's `encode(to:)` throws.
  package func encode<Value: Encodable>(_ value: Value) throws -> Data {
    Data(try encodedBytes(value))
  }

  /// The JSON text of `value`, with `terminator` appended when given.
  func encodedBytes<Value: Encodable>(_ value: Value, terminator: UInt8? = nil) throws -> [UInt8] {
    let writer = StoreJSONWriter()
    try writer.writeRoot(value)
    if writer.isAbandoned {
      var bytes = [UInt8](try Self.encodedByFoundation(value))
      if let terminator { bytes.append(terminator) }
      return bytes
    }
    if let terminator { writer.bytes.append(terminator) }
    return writer.bytes
  }

  /// The same text the slow way: `JSONEncoder`, then ``StoreCoding/escapingInvisibles(_:)``.
  /// What the stores wrote before this encoder; what it falls back on; the benchmarks'
  /// baseline.
  ///
  /// - Parameter value: The value to encode.
  /// - Returns: UTF-8 JSON text, without a final newline.
  /// - Throws: What `JSONEncoder` throws.
  package static func encodedByFoundation<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return StoreCoding.escapingInvisibles(try encoder.encode(value))
  }
}
