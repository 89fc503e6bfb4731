import Core
import CoreTerminal
import CoreTesting
import Testing

@Suite("Terminal modes and the virtual terminal")
struct VirtualTerminalTests {
  @Test("the restore sequence is exactly: paste off, attributes reset, cursor shown, main screen")
  func restoreBytes() {
    #expect(
      Array(TerminalControl.restoreSequence.utf8) == [
        0x1b, 0x5b, 0x3f, 0x32, 0x30, 0x30, 0x34, 0x6c,  // ESC [ ? 2004 l
        0x1b, 0x5b, 0x30, 0x6d,  // ESC [ 0 m
        0x1b, 0x5b, 0x3f, 0x32, 0x35, 0x68,  // ESC [ ? 25 h
        0x1b, 0x5b, 0x3f, 0x31, 0x30, 0x34, 0x39, 0x6c,  // ESC [ ? 1049 l
      ])
    #expect(TerminalControl.enterSequence == "\u{1b}[?1049h\u{1b}[?25l\u{1b}[?2004h")
  }

  @Test("withInteractiveMode enters, and leaves also when the body throws")
  func leavesOnError() async {
    let terminal = VirtualTerminal()
    struct Failure: Error {}
    await #expect(throws: Failure.self) {
      try await terminal.withInteractiveMode { throw Failure() }
    }
    #expect(terminal.modeChanges == [.enter, .leave])
    #expect(!terminal.isInteractive)
    #expect(terminal.outputText.hasSuffix(TerminalControl.restoreSequence))
    let screen = terminal.screen()
    #expect(!screen.isAlternateScreen)
    #expect(screen.isCursorVisible)
    #expect(!screen.isBracketedPasteOn)
  }

  @Test("a failure to enter is reported and nothing is written")
  func enterFailure() async {
    let terminal = VirtualTerminal()
    terminal.failEntering(with: .notATerminal)
    await #expect(throws: TerminalError.notATerminal) {
      try await terminal.withInteractiveMode {}
    }
    #expect(terminal.output.isEmpty)
    #expect(terminal.modeChanges.isEmpty)
  }

  @Test("interactive mode shows on the emulated screen, and the main screen comes back")
  func alternateScreen() throws {
    let terminal = VirtualTerminal(size: TerminalSize(columns: 20, rows: 4))
    terminal.write("shell prompt $")
    try terminal.enterInteractiveMode()
    terminal.write("\u{1b}[2;3Happ")
    var screen = terminal.screen()
    #expect(screen.isAlternateScreen)
    #expect(!screen.isCursorVisible)
    #expect(screen.lines == ["", "  app", "", ""])
    terminal.leaveInteractiveMode()
    screen = terminal.screen()
    #expect(screen.lines == ["shell prompt $", "", "", ""])
  }

  @Test("the screen emulator places text, moves the cursor, erases and records styles")
  func emulator() {
    var screen = VirtualScreen(size: TerminalSize(columns: 10, rows: 3))
    screen.feed(Array("hello\r\n\u{1b}[1;31mworld\u{1b}[0m".utf8))
    #expect(screen.lines == ["hello", "     world", ""])  // raw mode: LF does not return
    screen.feed(Array("\u{1b}[1;1H\u{1b}[2K日本\u{1b}[3;4Hx\u{1b}[2;1H\u{1b}[K".utf8))
    #expect(screen.lines == ["日本", "", "   x"])
    #expect(
      screen.styleChanges == [
        VirtualScreen.StyleChange(row: 1, column: 5, parameters: "1;31"),
        VirtualScreen.StyleChange(row: 1, column: 10 - 1, parameters: "0"),
      ])
    screen.feed(Array("\u{1b}]0;title\u{07}\u{1b}[2J".utf8))
    #expect(screen.text == "")
    screen.feed(Array("\u{1b}[1;1H0123456789".utf8))
    #expect(screen.lines == ["0123456789", "", ""])  // the last column does not wrap yet
    screen.feed(Array("ab".utf8))
    #expect(screen.lines == ["0123456789", "ab", ""])
  }

  @Test("suspend and resume are recorded and re-enter the mode")
  func suspendResume() async throws {
    let terminal = VirtualTerminal()
    try terminal.enterInteractiveMode()
    terminal.suspend()
    #expect(terminal.outputText.hasSuffix(TerminalControl.restoreSequence))
    var input = terminal.input.makeAsyncIterator()
    terminal.resume()
    #expect(await input.next() == .resumed)
    #expect(terminal.outputText.hasSuffix(TerminalControl.enterSequence))
    #expect(terminal.modeChanges == [.enter, .suspend])
  }
}
