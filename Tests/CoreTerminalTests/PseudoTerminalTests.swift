import Core
import CoreTerminal
import CoreTesting
import Foundation
import Glibc
import Testing

/// Runs `pty-probe` on a real pseudo-terminal and checks the terminal it leaves behind.
///
/// Real time is the point here (real I/O); every wait is bounded by a deadline.
@Suite("Pseudo-terminal")
struct PseudoTerminalTests {
  private static let restore = Array(TerminalControl.restoreSequence.utf8)

  @Test(
    "keys decode on a real pty and SIGINT restores the exact settings", .timeLimit(.minutes(10)))
  func keysThenInterrupt() throws {
    let session = try PseudoTerminalSession.probe(isControllingTerminal: true)
    let before = session.initialSettings
    try session.waitForOutput("READY\r\n")
    #expect(session.settings() != before, "raw mode is on while the probe runs")
    #expect(session.settings().localFlags & tcflag_t(ICANON | ECHO | ISIG) == 0)

    session.send("a\u{1b}[A日\u{1b}[5~\u{1b}[200~two\r\nlines\u{1b}[201~")
    try session.waitForOutput(#"EVENT paste("two\nlines")"#)
    let text = session.outputText
    #expect(text.contains(#"EVENT key(CoreTerminal.Key.character("a"))"#))
    #expect(text.contains("EVENT key(CoreTerminal.Key.up)"))
    #expect(text.contains(#"EVENT key(CoreTerminal.Key.character("日"))"#))
    #expect(text.contains("EVENT key(CoreTerminal.Key.pageUp)"))

    kill(session.pid, SIGINT)
    let status = try session.waitForExit()
    #expect(status.signal == SIGINT)
    #expect(session.settings() == before)
    #expect(session.output.starts(with: Array(TerminalControl.enterSequence.utf8)))
    #expect(session.output.suffix(Self.restore.count).elementsEqual(Self.restore))
  }

  @Test(
    "a termination or crash signal restores the settings, then proceeds",
    .timeLimit(.minutes(10)),
    arguments: [SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGFPE])
  func signalRestores(signal: Int32) throws {
    let session = try PseudoTerminalSession.probe()
    let before = session.initialSettings
    try session.waitForOutput("READY\r\n")
    kill(session.pid, signal)
    let status = try session.waitForExit()
    #expect(status.signal == signal)
    #expect(session.settings() == before)
    #expect(session.output.suffix(Self.restore.count).elementsEqual(Self.restore))
  }

  @Test("a Swift trap (index out of range) restores the settings", .timeLimit(.minutes(10)))
  func trapRestores() throws {
    let session = try PseudoTerminalSession.probe()
    let before = session.initialSettings
    try session.waitForOutput("READY\r\n")
    session.send("!")
    let status = try session.waitForExit()
    #expect(status.signal == SIGILL || status.signal == SIGTRAP)
    #expect(session.settings() == before)
    #expect(session.outputText.contains(TerminalControl.restoreSequence))
  }

  @Test("leaving normally restores the settings and exits 0", .timeLimit(.minutes(10)))
  func normalExit() throws {
    let session = try PseudoTerminalSession.probe()
    let before = session.initialSettings
    try session.waitForOutput("READY\r\n")
    session.send("q")
    let status = try session.waitForExit()
    #expect(status.exitCode == 0)
    #expect(session.settings() == before)
    #expect(session.outputText.hasSuffix(TerminalControl.restoreSequence + "BYE\r\n"))
  }

  @Test(
    "suspend restores and stops; SIGCONT re-enters raw mode and asks for a repaint",
    .timeLimit(.minutes(10)))
  func suspendAndResume() throws {
    let session = try PseudoTerminalSession.probe()
    let before = session.initialSettings
    try session.waitForOutput("READY\r\n")
    session.send("z")
    try session.waitForStop()
    #expect(session.settings() == before)
    #expect(session.outputText.hasSuffix(TerminalControl.restoreSequence))

    kill(session.pid, SIGCONT)
    try session.waitForOutput("EVENT resume\r\n")
    #expect(session.settings() != before)
    #expect(
      session.outputText.contains(TerminalControl.restoreSequence + TerminalControl.enterSequence))
    session.send("q")
    #expect(try session.waitForExit().exitCode == 0)
    #expect(session.settings() == before)
  }

  @Test("a resize of the controlling terminal delivers the new size", .timeLimit(.minutes(10)))
  func resize() throws {
    let session = try PseudoTerminalSession.probe(isControllingTerminal: true)
    try session.waitForOutput("READY\r\n")
    session.setSize(columns: 132, rows: 43)  // the kernel sends SIGWINCH
    try session.waitForOutput("EVENT resize(132x43)\r\n")
    session.send("q")
    #expect(try session.waitForExit().exitCode == 0)
  }
}

extension PseudoTerminalSession {
  /// `pty-probe` on a fresh pseudo-terminal, its backtraces off (a crash test's
  /// output stays the probe's own).
  static func probe(isControllingTerminal: Bool = false) throws -> PseudoTerminalSession {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return try PseudoTerminalSession(
      try BuiltProduct("BlueprintPtyProbe").url.path, [], environment: environment,
      isControllingTerminal: isControllingTerminal)
  }
}
