import Foundation

/// A value ``JSONWriter`` writes itself rather than through its `encode(to:)`:
/// the JSON scalars, and the types `JSONEncoder` writes its own way with its default
/// strategies (`Data` as base64, `URL` as its absolute string, `Decimal` as its
/// description; `Date` as its own `encode(to:)` would, seconds since 2001).
protocol JSONScalar {
  /// Writes the value at the writer's current position.
  func write(to writer: JSONWriter) throws(JSONWriter.NonFinite)
}

extension Optional: JSONScalar where Wrapped: JSONScalar {
  func write(to writer: JSONWriter) throws(JSONWriter.NonFinite) {
    if let self { try self.write(to: writer) } else { writer.writeNull() }
  }
}

extension String: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeString(self) }
}

extension Bool: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeBool(self) }
}

extension Double: JSONScalar {
  func write(to writer: JSONWriter) throws(JSONWriter.NonFinite) {
    try writer.writeFloat(self)
  }
}

extension Float: JSONScalar {
  func write(to writer: JSONWriter) throws(JSONWriter.NonFinite) {
    try writer.writeFloat(self)
  }
}

extension Int: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension Int8: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension Int16: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension Int32: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension Int64: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension UInt: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension UInt8: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension UInt16: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension UInt32: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension UInt64: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeInteger(self) }
}

extension Date: JSONScalar {
  func write(to writer: JSONWriter) throws(JSONWriter.NonFinite) {
    try writer.writeFloat(timeIntervalSinceReferenceDate)
  }
}

extension Data: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeString(base64EncodedString()) }
}

extension URL: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeString(absoluteString) }
}

extension Decimal: JSONScalar {
  func write(to writer: JSONWriter) { writer.writeNumber(description) }
}
