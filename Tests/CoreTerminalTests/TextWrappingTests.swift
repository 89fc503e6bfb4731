import CoreTerminal
import Testing

@Suite("Wrapping text at a width")
struct TextWrappingTests {
  @Test(
    "breaks at spaces, cuts a word wider than the line, keeps every word",
    arguments: [
      ("not a date: YYYY-MM-DD, today", 12, ["not a date:", "YYYY-MM-DD,", "today"]),
      ("fits", 10, ["fits"]),
      ("", 5, [""]),
      ("a  b   c", 3, ["a b", "c"]),
      ("abcdefghij xy", 4, ["abcd", "efgh", "ij", "xy"]),
      ("日本語テキスト ok", 5, ["日本", "語テ", "キス", "ト ok"]),
      ("one two", 0, ["o", "n", "e", "t", "w", "o"]),
    ])
  func wraps(text: String, width: Int, lines: [String]) {
    #expect(text.wrapped(toWidth: width) == lines)
  }

  @Test("no line is wider than the width, and the words read back in order")
  func neverWider() {
    let text = "a date: YYYY-MM-DD, today, tomorrow, yesterday, a weekday (mon…sun, the next one)"
    for width in 1...40 {
      let lines = text.wrapped(toWidth: width)
      #expect(lines.allSatisfy { $0.terminalWidth <= width }, "width \(width): \(lines)")
      if width >= 12 {  // wide enough for every word: nothing is cut
        #expect(lines.joined(separator: " ") == text, "width \(width)")
      }
    }
  }
}
