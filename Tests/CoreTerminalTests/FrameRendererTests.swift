import Core
import CoreTerminal
import CoreTesting
import Testing

@Suite("Frame, renderer, text field and plain output")
struct FrameRendererTests {
  let size = TerminalSize(columns: 10, rows: 3)

  @Test("the diff renderer rewrites only the changed row")
  func diff() {
    var renderer = FrameRenderer(capability: .none)
    var frame = Frame(size: size)
    frame.draw("one", row: 0, column: 0)
    frame.draw("two", row: 1, column: 0)
    let first = String(decoding: renderer.render(frame), as: UTF8.self)
    #expect(first.hasPrefix("\u{1b}[0m\u{1b}[2J"))
    #expect(renderer.render(frame).isEmpty, "nothing changed, nothing written")
    frame.draw("TWO", row: 1, column: 0)
    let second = String(decoding: renderer.render(frame), as: UTF8.self)
    #expect(second == "\u{1b}[2;1H\u{1b}[0mTWO       \u{1b}[0m\u{1b}[?25l")
    renderer.invalidate()
    let full = String(decoding: renderer.render(frame), as: UTF8.self)
    #expect(full.contains("\u{1b}[1;1H") && full.contains("\u{1b}[3;1H"))
  }

  @Test(
    "capability none writes attributes but no colors",
    arguments: [
      (ColorCapability.none, false), (.ansi16, true), (.ansi256, true), (.trueColor, true),
    ])
  func noColor(capability: ColorCapability, hasColor: Bool) {
    var renderer = FrameRenderer(capability: capability)
    var frame = Frame(size: size)
    frame.draw("sel", row: 0, column: 0, style: .selected)
    frame.draw(
      "err", row: 1, column: 0,
      style: TextStyle(foreground: .role(.danger), background: .role(.surface)))
    let output = String(decoding: renderer.render(frame), as: UTF8.self)
    #expect(output.contains("\u{1b}[0;7"), "reverse stays")
    let parameters = output.split(separator: "\u{1b}[").compactMap { sgr -> [Int]? in
      guard let end = sgr.firstIndex(of: "m") else { return nil }
      return sgr[..<end].split(separator: ";").compactMap { Int($0) }
    }
    let colored = parameters.contains { list in
      list.contains { (30...49).contains($0) || (90...107).contains($0) }
    }
    #expect(colored == hasColor)
  }

  @Test("text is clipped with an ellipsis, wide characters take two cells, marks stay")
  func drawing() {
    var frame = Frame(size: TerminalSize(columns: 8, rows: 2))
    #expect(frame.draw("abcdefghijk", row: 0, column: 0) == 8)
    #expect(frame.lines[0] == "abcdefg…")
    frame.draw("日本語です", row: 1, column: 0)
    #expect(frame.lines[1] == "日本語…")
    #expect(frame[1, 1].text == "")
    var marks = Frame(size: TerminalSize(columns: 8, rows: 1))
    marks.draw("e\u{301}x\u{1b}[2J", row: 0, column: 0)
    #expect(marks.lines[0] == "e\u{301}x")
    #expect(marks[0, 0].text == "e\u{301}")
    var edge = Frame(size: TerminalSize(columns: 3, rows: 1))
    edge.draw("a日", row: 0, column: 1, sanitizing: false)
    #expect(edge.lines[0] == " a…")
  }

  @Test("drawing in an area stays inside it: rows outside draw nothing, text is cut at its edge")
  func drawingInArea() {
    var frame = Frame(size: TerminalSize(columns: 10, rows: 4))
    let area = Rect(row: 1, column: 2, width: 5, height: 2)
    #expect(frame.draw("above", row: 0, column: 2, in: area) == 0)
    #expect(frame.draw("below", row: 3, column: 2, in: area) == 0)
    #expect(frame.draw("left", row: 1, column: 1, in: area) == 0)
    #expect(frame.draw("abcdefgh", row: 1, column: 3, in: area) == 4)
    #expect(frame.draw("xyz", row: 2, column: 2, width: 2, in: area, style: .selected) == 2)
    #expect(frame.lines == ["", "   abc…", "  x…", ""])
    #expect(frame[2, 2].style == .selected)
    #expect(frame[1, 7].text == " ", "nothing right of the area")
  }

  @Test(
    "text field editing",
    arguments: [
      ("hello", [Key.backspace], "hell", 4),
      ("hello", [.home, .delete], "ello", 0),
      ("hello", [.left, .left, .character("X")], "helXlo", 4),
      ("hello world", [.ctrl("w")], "hello ", 6),
      ("hello world", [.left, .left, .ctrl("u")], "ld", 0),
      ("hello", [.home, .right, .ctrl("k")], "h", 1),
      ("ab", [.end, .right, .right], "ab", 2),
      ("", [.backspace, .delete, .left], "", 0),
    ])
  func textField(initial: String, keys: [Key], text: String, cursor: Int) {
    var field = TextField(text: initial)
    for key in keys {
      let used = field.handle(.key(key))
      #expect(used)
    }
    #expect(field.text == text)
    #expect(field.cursor == cursor)
  }

  @Test("paste is sanitized and the field scrolls to keep the cursor visible")
  func pasteAndScroll() {
    var field = TextField()
    let pasted = field.handle(.paste("one\ntwo\u{1b}[31m three four five"))
    #expect(pasted)
    #expect(field.text == "one two three four five")
    var frame = Frame(size: TerminalSize(columns: 12, rows: 1))
    field.render(into: &frame, row: 0, column: 0, width: 10)
    #expect(frame.lines[0] == "four five")
    #expect(frame.cursor?.column == 9)
    let usedUp = field.handle(.key(.up))
    #expect(!usedUp)
    // The window grows: what scrolled out comes back.
    var wider = Frame(size: TerminalSize(columns: 40, rows: 1))
    field.render(into: &wider, row: 0, column: 0, width: 30)
    #expect(wider.lines[0] == "one two three four five")
    #expect(field.scrollOffset == 0)
  }

  @Test("plain tables align by cell width and have no escapes without color")
  func table() {
    var table = PlainTable(columns: [
      .init("ID", alignment: .right), .init("Title"), .init("Due", style: .secondary),
    ])
    table.append(["7", "日本", "today"])
    table.append(["12", "Milk\u{1b}]0;pwned\u{07}", "—"])
    let plain = table.rendered(capability: .none)
    #expect(plain == "ID  Title  Due\n 7  日本   today\n12  Milk   —\n")
    #expect(!plain.contains("\u{1b}"))
    let colored = table.rendered(capability: .ansi16)
    #expect(colored.contains("\u{1b}[0;1mTitle\u{1b}[0m"))
    let styled = StyledText("ok ", style: .bold) + StyledText("x\u{1b}[2J")
    #expect(styled.rendered(capability: .none) == "ok x")
    #expect(styled.rendered(capability: .ansi256) == "\u{1b}[0;1mok \u{1b}[0mx")
  }
}
