import Core
import Testing

@Suite("PlatformTextConverter: legacy encodings to UTF-8")
struct PlatformTextConverterTests {
  @Test("KOI8-R text reads as the same words in UTF-8, nothing replaced")
  func koi8r() throws {
    let converted = try #require(
      PlatformTextConverter.convert([0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4], from: "KOI8-R"))
    #expect(String(decoding: converted.bytes, as: UTF8.self) == "Привет")
    #expect(!converted.replaced)
    #expect(PlatformTextConverter.knows("KOI8-R"))
  }

  @Test("a byte the encoding has no character for becomes U+FFFD and is reported")
  func replaced() throws {
    let converted = try #require(PlatformTextConverter.convert([0x41, 0xFF, 0x42], from: "EUC-JP"))
    let text = String(decoding: converted.bytes, as: UTF8.self)
    #expect(text.hasPrefix("A") && text.hasSuffix("B") && text.contains("\u{FFFD}"))
    #expect(converted.replaced)
  }

  @Test("an encoding the platform does not know is nil, not an empty text")
  func unknown() {
    #expect(PlatformTextConverter.convert([0x41], from: "NO-SUCH-ENCODING") == nil)
    #expect(!PlatformTextConverter.knows("NO-SUCH-ENCODING"))
  }
}
