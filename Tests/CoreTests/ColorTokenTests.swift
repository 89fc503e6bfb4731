import Core
import Foundation
import Testing

@Suite("ColorToken and RGBA")
struct ColorTokenTests {
  @Test(
    "Valid hex strings parse to the right channels",
    arguments: [
      ("#5E5CE6", RGBA(red: 0x5E, green: 0x5C, blue: 0xE6)),
      ("5e5ce6", RGBA(red: 0x5E, green: 0x5C, blue: 0xE6)),
      ("#fff", RGBA(red: 255, green: 255, blue: 255)),
      ("#F0A", RGBA(red: 0xFF, green: 0x00, blue: 0xAA)),
      ("#1234", RGBA(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44)),
      ("#11223344", RGBA(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44)),
      ("  #000000  ", RGBA(red: 0, green: 0, blue: 0)),
      ("aBcDeF80", RGBA(red: 0xAB, green: 0xCD, blue: 0xEF, alpha: 0x80)),
    ])
  func parsesValidHex(text: String, expected: RGBA) throws {
    #expect(try RGBA(parsing: text) == expected)
    #expect(RGBA(hex: text) == expected)
    #expect(ColorToken(hex: text) == ColorToken(expected))
  }

  @Test(
    "Invalid hex strings give an error that says what is wrong",
    arguments: [
      ("#12345", "'#12345' has 5 hex digits; expected 3, 4, 6 or 8"),
      ("#1", "'#1' has 1 hex digit; expected 3, 4, 6 or 8"),
      ("#1234567", "'#1234567' has 7 hex digits; expected 3, 4, 6 or 8"),
      ("#123456789", "'#123456789' has 9 hex digits; expected 3, 4, 6 or 8"),
      ("#12G", "'#12G' contains 'G', which is not a hex digit"),
      ("##123", "'##123' contains '#', which is not a hex digit"),
      ("", "'' is empty; expected a hex color such as #5E5CE6"),
      ("#", "'#' is empty; expected a hex color such as #5E5CE6"),
      ("red", "'red' contains 'r', which is not a hex digit"),
      ("#１２３", "'#１２３' contains '１', which is not a hex digit"),
    ])
  func rejectsInvalidHex(text: String, message: String) {
    #expect(RGBA(hex: text) == nil)
    #expect(ColorToken(hex: text) == nil)
    let error = #expect(throws: ColorParseError.self) { try RGBA(parsing: text) }
    #expect(error?.message == message)
  }

  @Test("Formats back to upper-case hex, with alpha only when translucent")
  func formatsHex() throws {
    #expect(try RGBA(parsing: "#5e5ce6").hex == "#5E5CE6")
    #expect(try RGBA(parsing: "#abc").hex == "#AABBCC")
    #expect(try RGBA(parsing: "#12345678").hex == "#12345678")
    #expect(try RGBA(parsing: "#123456FF").hex == "#123456")
  }

  @Test("A LIGHT/DARK pair parses into two colors and formats back")
  func parsesPair() throws {
    let token = try ColorToken(parsing: "#5E5CE6/#7D7AFF")
    #expect(token.light == RGBA(red: 0x5E, green: 0x5C, blue: 0xE6))
    #expect(token.dark == RGBA(red: 0x7D, green: 0x7A, blue: 0xFF))
    #expect(token.hex == "#5E5CE6/#7D7AFF")
    #expect(try ColorToken(parsing: token.hex) == token)
    #expect(try ColorToken(parsing: " #5E5CE6 / 7d7aff ") == token)
    #expect(ColorToken(hex: "#fff").map(\.hex) == "#FFFFFF")
  }

  @Test(
    "A bad pair names the failing part",
    arguments: [
      ("#fff/#12345", "'#12345' has 5 hex digits; expected 3, 4, 6 or 8"),
      ("#fff/", "'' is empty; expected a hex color such as #5E5CE6"),
      ("#fff/#000/#111", "'#fff/#000/#111' has 3 colors; expected one, or LIGHT/DARK"),
    ])
  func rejectsBadPair(text: String, message: String) {
    let error = #expect(throws: ColorParseError.self) { try ColorToken(parsing: text) }
    #expect(error?.message == message)
  }

  @Test("Resolves for each appearance; system counts as dark")
  func resolves() {
    let token = ColorToken(light: .white, dark: .black)
    #expect(token.resolved(for: .light) == .white)
    #expect(token.resolved(for: .dark) == .black)
    #expect(token.resolved(for: .system) == .black)
  }

  @Test("Encodes a single string when both colors are equal, else an object")
  func encodes() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let single = try encoder.encode(ColorToken(.white))
    #expect(String(decoding: single, as: UTF8.self) == ##""#FFFFFF""##)
    let pair = try encoder.encode(try ColorToken(parsing: "#5E5CE6/#7D7AFF"))
    #expect(String(decoding: pair, as: UTF8.self) == ##"{"dark":"#7D7AFF","light":"#5E5CE6"}"##)
  }

  @Test(
    "Decodes every accepted form",
    arguments: [
      (##""#5E5CE6""##, "#5E5CE6"),
      (##""#5E5CE6/#7D7AFF""##, "#5E5CE6/#7D7AFF"),
      (##"{"light":"#5E5CE6","dark":"#7D7AFF"}"##, "#5E5CE6/#7D7AFF"),
      (##"{"light":"#5E5CE6","dark":"#7D7AFF","name":"indigo"}"##, "#5E5CE6/#7D7AFF"),
      (##"{"light":"#5E5CE6"}"##, "#5E5CE6"),
      (##"{"dark":"#7D7AFF"}"##, "#7D7AFF"),
    ])
  func decodes(json: String, expected: String) throws {
    let token = try JSONDecoder().decode(ColorToken.self, from: Data(json.utf8))
    #expect(token == (try ColorToken(parsing: expected)))
  }

  @Test(
    "Rejects malformed JSON colors",
    arguments: [##""#12345""##, ##"{}"##, ##"{"light":"nope"}"##, "42"])
  func rejectsMalformedJSON(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ColorToken.self, from: Data(json.utf8))
    }
  }
}
