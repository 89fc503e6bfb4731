import Foundation

/// A value ``StoreJSONWriter`` writes itself rather than through its `encode(to:)`:
/// the JSON scalars, and the types `JSONEncoder` writes its own way with its default
/// strategies (`Data` as base64, `URL` as its absolute string, `Decimal` as its
/// description; `Date` as its own `encode(to:)` would, seconds since 2001).
protocol StoreJSONScalar {
  /// Writes the value at the writer's current position.
  func write(to writer: StoreJSONWriter) throws(StoreJSONWriter.NonFinite)
}

extension Optional: StoreJSONScalar where Wrapped: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) throws(StoreJSONWriter.NonFinite) {
    if let self { try self.write(to: writer) } else { writer.writeNull() }
  }
}

extension String: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeString(self) }
}

extension Bool: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeBool(self) }
}

extension Double: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) throws(StoreJSONWriter.NonFinite) {
    try writer.writeFloat(self)
  }
}

extension Float: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) throws(StoreJSONWriter.NonFinite) {
    try writer.writeFloat(self)
  }
}

extension Int: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension Int8: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension Int16: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension Int32: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension Int64: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension UInt: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension UInt8: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension UInt16: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension UInt32: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension UInt64: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeInteger(self) }
}

extension Date: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) throws(StoreJSONWriter.NonFinite) {
    try writer.writeFloat(timeIntervalSinceReferenceDate)
  }
}

extension Data: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeString(base64EncodedString()) }
}

extension URL: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeString(absoluteString) }
}

extension Decimal: StoreJSONScalar {
  func write(to writer: StoreJSONWriter) { writer.writeNumber(description) }
}
