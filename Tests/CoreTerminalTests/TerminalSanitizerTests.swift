import Core
import CoreTerminal
import Testing

@Suite("TerminalSanitizer")
struct TerminalSanitizerTests {
  @Test(
    "single-line sanitizing",
    arguments: [
      ("plain text", "plain text"),
      ("Hi\u{1b}[2J there", "Hi there"),  // clear screen
      ("\u{1b}[31mred\u{1b}[0m", "red"),  // SGR
      ("a\u{1b}[10;20Hb", "ab"),  // cursor move
      ("\u{1b}]0;evil title\u{07}after", "after"),  // OSC 0 title, BEL-terminated
      ("\u{1b}]0;evil title\u{1b}\\after", "after"),  // OSC 0 title, ST-terminated
      ("\u{1b}]8;;https://evil.example\u{1b}\\click\u{1b}]8;;\u{1b}\\", "click"),  // OSC 8 link
      ("a\u{9b}2Jb", "ab"),  // C1 CSI
      ("a\u{9d}0;title\u{9c}b", "ab"),  // C1 OSC with C1 ST
      ("a\u{1b}P1$r0m\u{1b}\\b", "ab"),  // DCS
      ("a\u{1b}_apc\u{1b}\\b", "ab"),  // APC
      ("a\u{1b}(0b", "ab"),  // charset designation
      ("a\u{1b}7b\u{1b}8", "ab"),  // save/restore cursor
      ("abc\u{202e}fed", "abcfed"),  // right-to-left override
      ("\u{2066}x\u{2069}\u{202a}y\u{202c}", "xy"),  // isolates and embeddings
      ("progress 50%\rprogress 100%", "progress 50%progress 100%"),  // bare CR
      ("a\u{07}b\u{00}c\u{7f}d\u{85}e", "abcde"),  // BEL, NUL, DEL, NEL
      ("line one\nline two", "line one line two"),
      ("line one\r\nline two", "line one line two"),
      ("a\u{2028}b", "a b"),
      ("a\tb", "a   b"),
      ("abcd\tx", "abcd    x"),
      ("日本\tx", "日本    x"),
      ("unterminated \u{1b}]0;title", "unterminated "),
      ("lone escape at end \u{1b}", "lone escape at end "),
      ("café 日本 🙂", "café 日本 🙂"),
    ])
  func singleLine(input: String, expected: String) {
    #expect(TerminalSanitizer.singleLine.sanitize(input) == expected)
    #expect(input.terminalSafe == expected)
  }

  @Test(
    "multi-line sanitizing keeps line breaks",
    arguments: [
      ("one\ntwo", "one\ntwo"),
      ("one\r\ntwo\r\n", "one\ntwo\n"),
      ("a\tb\n\tc", "a   b\n    c"),
      ("x\u{1b}[1Ay\nz", "xy\nz"),
    ])
  func multiLine(input: String, expected: String) {
    #expect(TerminalSanitizer.multiLine.sanitize(input) == expected)
  }

  @Test("controls can be shown visibly instead of removed")
  func visibleControls() {
    let sanitizer = TerminalSanitizer(lineBreaks: .remove, controls: .showVisibly)
    #expect(sanitizer.sanitize("a\u{07}b\u{7f}c\u{85}d\ne") == "a\u{2407}b\u{2421}c\u{fffd}de")
    // Escape sequences are still removed whole.
    #expect(sanitizer.sanitize("a\u{1b}[2Jb") == "ab")
  }

  @Test("nothing that reaches the output can start a control sequence")
  func noControlsSurvive() {
    let hostile =
      "\u{1b}[2J\u{9b}1;1H\u{1b}]0;t\u{07}\u{90}dcs\u{9c}\u{1b}\u{1b}[\u{7f}\u{8d}\r\u{0b}\u{0c}"
    let output = TerminalSanitizer.multiLine.sanitize(hostile + "ok")
    #expect(output == "ok")
    let clean = output.unicodeScalars.allSatisfy {
      $0.value >= 0x20 && !(0x7f...0x9f).contains($0.value)
    }
    #expect(clean)
  }
}
