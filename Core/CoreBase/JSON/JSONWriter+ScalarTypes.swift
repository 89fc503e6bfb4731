import Foundation

extension JSONWriter {
  /// Writes `value` when its type is one of the ``JSONScalar`` types or an optional
  /// of one; `false` when it is neither.
  ///
  /// The types are compared rather than cast to `any JSONScalar`: the first cast of
  /// each type (a document's own structs and enums, mostly not scalars) scans every
  /// conformance record of the program, which in a static build is a large share of
  /// a short command's work. A doubly optional scalar is not matched here; its
  /// `encode(to:)` reaches the optional inside, which is.
  ///
  /// - Throws: `NonFinite` for an infinite or NaN number.
  func writeScalarType<Value>(_ value: Value) throws(NonFinite) -> Bool {
    if writeCommon(value) { return true }
    let type = ObjectIdentifier(Value.self)
    for write in Self.scalarWriters where write.type == type {
      try write.body(value, self)
      return true
    }
    return false
  }

  /// A scalar type and how to write a value of it.
  struct ScalarWriter: Sendable {
    let type: ObjectIdentifier
    let body: @Sendable (Any, JSONWriter) throws(NonFinite) -> Void
  }

  /// Each ``JSONScalar`` type and its optional but those ``writeCommon(_:)`` knows;
  /// an array, not a dictionary, whose metadata would cost a scan of its own.
  static let scalarWriters: [ScalarWriter] =
    writers(Double.self) + writers(Float.self) + writers(Date.self) + writers(Int8.self)
    + writers(Int16.self) + writers(Int32.self) + writers(Int64.self) + writers(UInt.self)
    + writers(UInt8.self) + writers(UInt16.self) + writers(UInt32.self)
    + writers(UInt64.self) + writers(Data.self) + writers(URL.self) + writers(Decimal.self)
    + [writer(Bool?.self)]

  private static func writers<Scalar: JSONScalar & SendableMetatype>(_ type: Scalar.Type)
    -> [ScalarWriter]
  {
    [writer(Scalar.self), writer(Scalar?.self)]
  }

  private static func writer<Scalar: JSONScalar & SendableMetatype>(_ type: Scalar.Type)
    -> ScalarWriter
  {
    ScalarWriter(type: ObjectIdentifier(type)) {
      (value: Any, writer: JSONWriter) throws(NonFinite) in
      // The type was compared: the cast is to this very type, not to a protocol.
      guard let scalar = value as? Scalar else { return }
      try scalar.write(to: writer)
    }
  }
}
