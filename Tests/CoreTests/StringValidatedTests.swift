import CoreBase
import Testing

/// `String.validated(_:as:)`, and the round trip it falls back on where the standard
/// library's validation is missing (Apple platforms before macOS 15 and iOS 18):
/// both must accept and refuse exactly what `String(validating:as:)` does.
@Suite("String.validated")
struct StringValidatedTests {
  static let utf8Cases: [[UInt8]] = [
    [], Array("plain".utf8), Array("café ☕ 😀".utf8), [0xEF, 0xBB, 0xBF, 0x61],
    [0xC3],  // cut short
    [0x63, 0xC3, 0x28],  // a continuation byte missing
    [0xC0, 0xAF],  // an overlong slash
    [0xED, 0xA0, 0x80],  // a surrogate
    [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
    [0xFF], [0x80, 0x61], [0xEF, 0xBF, 0xBD],  // U+FFFD written out is valid
  ]
  static let utf16Cases: [[UInt16]] = [
    [], Array("café 😀".utf16), [0xD83D],  // a lone high surrogate
    [0xDE00, 0x61],  // a lone low one
    [0xFFFD], [0xFEFF, 0x61],
  ]
  static let utf32Cases: [[UInt32]] = [
    [], "a😀".unicodeScalars.map(\.value), [0xD800], [0x110000], [0xFFFD],
  ]

  @Test(
    "UTF-8: the round trip accepts and refuses what the standard library does", arguments: utf8Cases
  )
  func utf8(_ bytes: [UInt8]) {
    let expected = String(validating: bytes, as: UTF8.self)
    #expect(String.validatedByRoundTrip(bytes, as: UTF8.self) == expected)
    #expect(String.validated(bytes, as: UTF8.self) == expected)
  }

  @Test("UTF-16 likewise", arguments: utf16Cases)
  func utf16(_ units: [UInt16]) {
    let expected = String(validating: units, as: UTF16.self)
    #expect(String.validatedByRoundTrip(units, as: UTF16.self) == expected)
    #expect(String.validated(units, as: UTF16.self) == expected)
  }

  @Test("UTF-32 likewise", arguments: utf32Cases)
  func utf32(_ units: [UInt32]) {
    let expected = String(validating: units, as: UTF32.self)
    #expect(String.validatedByRoundTrip(units, as: UTF32.self) == expected)
    #expect(String.validated(units, as: UTF32.self) == expected)
  }

  @Test("what is refused and what is kept, in plain terms")
  func examples() {
    #expect(String.validatedByRoundTrip([0x63, 0x61, 0x66, 0xC3, 0xA9], as: UTF8.self) == "café")
    #expect(String.validatedByRoundTrip([0x63, 0xC3], as: UTF8.self) == nil)
    #expect(String.validatedByRoundTrip([0xEF, 0xBF, 0xBD], as: UTF8.self) == "\u{FFFD}")
  }
}
