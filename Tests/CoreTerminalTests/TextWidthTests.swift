import Core
import CoreTerminal
import Testing

@Suite("Text width")
struct TextWidthTests {
  @Test(
    "display width in cells",
    arguments: [
      ("", 0),
      ("hello", 5),
      ("café", 4),
      ("cafe\u{301}", 4),  // e + combining acute
      ("日本語", 6),
      ("한국어", 6),
      ("ｶﾀｶﾅ", 4),  // halfwidth katakana
      ("ＡＢ", 4),  // fullwidth Latin
      ("🙂", 2),
      ("👍🏽", 2),  // with skin tone modifier
      ("👨‍👩‍👧", 2),  // ZWJ family
      ("🇫🇷", 2),  // flag
      ("❤️", 2),  // text heart with emoji presentation selector
      ("❤", 1),  // text heart
      ("1️⃣", 2),  // keycap: digit, U+FE0F, U+20E3
      ("a\u{200b}b", 2),  // zero width space
      ("\u{feff}x", 1),  // byte order mark
      ("x\u{20dd}", 1),  // enclosing circle
      ("Ω≈ç", 3),
      ("mixed 日本 ok", 13),
    ])
  func width(text: String, expected: Int) {
    #expect(text.terminalWidth == expected)
    #expect(TextWidth.of(text) == expected)
  }

  @Test(
    "truncation never splits a grapheme or exceeds the width",
    arguments: [
      ("Hello, world", 20, "Hello, world"),
      ("Hello, world", 12, "Hello, world"),
      ("Hello, world", 8, "Hello, …"),
      ("Hello, world", 1, "…"),
      ("Hello, world", 0, ""),
      ("日本語テキスト", 6, "日本…"),
      ("日本語テキスト", 7, "日本語…"),
      ("日本語テキスト", 2, "…"),
      ("cafe\u{301}s are nice", 5, "cafe\u{301}…"),
      ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 5, "👨‍👩‍👧👨‍👩‍👧…"),
      ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 4, "👨‍👩‍👧…"),
    ])
  func truncation(text: String, width: Int, expected: String) {
    let result = text.truncated(toWidth: width)
    #expect(result == expected)
    #expect(result.terminalWidth <= width)
  }

  @Test("a custom ellipsis, and one that does not fit")
  func customEllipsis() {
    #expect("abcdefgh".truncated(toWidth: 6, ellipsis: "...") == "abc...")
    #expect("abcdefgh".truncated(toWidth: 2, ellipsis: "...") == "ab")
  }

  @Test(
    "padding fits to exactly the width",
    arguments: [
      ("ab", 4, "ab  "), ("日本語", 5, "日本…"), ("日本語", 4, "日… "), ("abcdef", 3, "ab…"), ("x", 0, ""),
    ])
  func padding(text: String, width: Int, expected: String) {
    #expect(text.padded(toWidth: width) == expected)
    #expect(text.padded(toWidth: width).terminalWidth == width)
  }
}
