extension String {
  /// The text `codeUnits` encode in `encoding`, or `nil` when they are not valid in
  /// it: the standard library's `String(validating:as:)` on every platform the kit
  /// supports (Apple platforms have it from macOS 15 and iOS 18 on).
  ///
  /// ```swift
  /// String.validated([0x63, 0x61, 0x66, 0xC3, 0xA9], as: UTF8.self)  // "café"
  /// String.validated([0x63, 0xC3], as: UTF8.self)                    // nil
  /// ```
  @inlinable
  public static func validated<Encoding: Unicode.Encoding>(
    _ codeUnits: some Collection<Encoding.CodeUnit>, as encoding: Encoding.Type
  ) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return String(validating: codeUnits, as: encoding)
    }
    return validatedByRoundTrip(codeUnits, as: encoding)
  }

  /// ``validated(_:as:)`` without the standard library's validation: decoding repairs
  /// each invalid sequence with U+FFFD, so valid input, and only valid input, is what
  /// encoding the decoded text again gives back.
  @inlinable
  package static func validatedByRoundTrip<Encoding: Unicode.Encoding>(
    _ codeUnits: some Collection<Encoding.CodeUnit>, as encoding: Encoding.Type
  ) -> String? {
    let text = String(decoding: codeUnits, as: encoding)
    var again: [Encoding.CodeUnit] = []
    again.reserveCapacity(codeUnits.count)
    for scalar in text.unicodeScalars {
      guard let encoded = Encoding.encode(scalar) else { return nil }
      again.append(contentsOf: encoded)
    }
    return again.elementsEqual(codeUnits) ? text : nil
  }
}
