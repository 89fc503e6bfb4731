import Foundation

/// Reading one value from the index: the primitive types, and the errors
/// `JSONDecoder` throws for them.
extension JSONIndexDecoder {
  func bool(at index: Int, key: (any CodingKey)?) throws -> Bool {
    let token = token(index)
    switch token.kind {
    case .true: return true
    case .false: return false
    case .null:
      // `JSONDecoder` calls a null where a Bool belongs a type mismatch.
      throw DecodingError.typeMismatch(
        Bool.self,
        DecodingError.Context(
          codingPath: path(key), debugDescription: "Expected to decode Bool but found null instead."
        ))
    default: throw mismatch(Bool.self, found: token, at: path(key))
    }
  }

  func string(at index: Int, key: (any CodingKey)?) throws -> String {
    let token = token(index)
    guard token.kind == .string || token.kind == .escapedString else {
      throw mismatch(String.self, found: token, at: path(key))
    }
    return document.string(at: index)
  }

  /// An integer: digits alone are read in place; a fraction or exponent is
  /// accepted, as `JSONDecoder` accepts it, when the value is a whole number.
  func integer<T: FixedWidthInteger>(at index: Int, key: (any CodingKey)?) throws -> T {
    let token = token(index)
    guard token.kind == .number else { throw mismatch(T.self, found: token, at: path(key)) }
    let bytes = document.bytes
    var position = token.start
    let isNegative = bytes[position] == JSONByte.minus
    if isNegative { position += 1 }
    // Up to 18 digits cannot overflow a UInt64.
    if token.end - position <= 18 {
      var magnitude: UInt64 = 0
      while position < token.end {
        let digit = bytes[position] &- JSONByte.zero
        guard digit <= 9 else { break }
        magnitude = magnitude * 10 + UInt64(digit)
        position += 1
      }
      if position == token.end {
        let value = isNegative ? T(exactly: -Int64(magnitude)) : T(exactly: magnitude)
        guard let value else { throw doesNotFit(T.self, at: index, key: key) }
        return value
      }
    }
    let text = document.numberText(at: index)
    if let value = T(text) { return value }
    // A fraction or an exponent: a whole number a Double holds exactly.
    guard
      text.utf8.contains(where: {
        $0 == JSONByte.period || $0 == JSONByte.lowerE || $0 == JSONByte.upperE
      }),
      let double = Double(text), double.rounded() == double,
      double.magnitude <= 9_007_199_254_740_992, let value = T(exactly: double)
    else { throw doesNotFit(T.self, at: index, key: key) }
    return value
  }

  func float<T: BinaryFloatingPoint & LosslessStringConvertible>(
    at index: Int, key: (any CodingKey)?
  ) throws -> T {
    let token = token(index)
    guard token.kind == .number else { throw mismatch(T.self, found: token, at: path(key)) }
    let text = document.numberText(at: index)
    // Refused as `JSONDecoder` refuses them: too large for `T`, or a number that is
    // not zero read as zero.
    guard let value = T(text), value.isFinite,
      !value.isZero || Double(text)?.isZero == true
    else { throw doesNotFit(T.self, at: index, key: key) }
    return value
  }

  // MARK: - Errors

  /// `typeMismatch`, or `valueNotFound` for a null, worded as `JSONDecoder` words them.
  func mismatch(_ type: Any.Type, found token: JSONToken, at path: [any CodingKey])
    -> DecodingError
  {
    let found: String
    switch token.kind {
    case .null:
      return .valueNotFound(
        type,
        DecodingError.Context(
          codingPath: path,
          debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    case .object: found = "a dictionary"
    case .array: found = "an array"
    case .string, .escapedString: found = "a string"
    case .number: found = "number"
    case .true, .false: found = "bool"
    }
    return .typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead."
      ))
  }

  func corrupt(_ reason: String, at path: [any CodingKey]) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: reason))
  }

  func doesNotFit(_ type: Any.Type, at index: Int, key: (any CodingKey)?) -> DecodingError {
    corrupt(
      "Parsed JSON number <\(document.numberText(at: index))> does not fit in \(type).",
      at: path(key))
  }
}
