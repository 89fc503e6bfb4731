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

  @Test("keys decode on a real pty and SIGINT restores the exact settings", .timeLimit(.minutes(1)))
  func keysThenInterrupt() throws {
    let session = try ProbeSession(isControllingTerminal: true)
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
    .timeLimit(.minutes(1)),
    arguments: [SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGFPE])
  func signalRestores(signal: Int32) throws {
    let session = try ProbeSession()
    let before = session.initialSettings
    try session.waitForOutput("READY\r\n")
    kill(session.pid, signal)
    let status = try session.waitForExit()
    #expect(status.signal == signal)
    #expect(session.settings() == before)
    #expect(session.output.suffix(Self.restore.count).elementsEqual(Self.restore))
  }

  @Test("a Swift trap (index out of range) restores the settings", .timeLimit(.minutes(1)))
  func trapRestores() throws {
    let session = try ProbeSession()
    let before = session.initialSettings
    try session.waitForOutput("READY\r\n")
    session.send("!")
    let status = try session.waitForExit()
    #expect(status.signal == SIGILL || status.signal == SIGTRAP)
    #expect(session.settings() == before)
    #expect(session.outputText.contains(TerminalControl.restoreSequence))
  }

  @Test("leaving normally restores the settings and exits 0", .timeLimit(.minutes(1)))
  func normalExit() throws {
    let session = try ProbeSession()
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
    .timeLimit(.minutes(1)))
  func suspendAndResume() throws {
    let session = try ProbeSession()
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

  @Test("a resize of the controlling terminal delivers the new size", .timeLimit(.minutes(1)))
  func resize() throws {
    let session = try ProbeSession(isControllingTerminal: true)
    try session.waitForOutput("READY\r\n")
    session.setSize(columns: 132, rows: 43)  // the kernel sends SIGWINCH
    try session.waitForOutput("EVENT resize(132x43)\r\n")
    session.send("q")
    #expect(try session.waitForExit().exitCode == 0)
  }
}

// MARK: - Session

/// Terminal settings compared field by field.
private struct Settings: Equatable {
  var inputFlags: tcflag_t
  var outputFlags: tcflag_t
  var controlFlags: tcflag_t
  var localFlags: tcflag_t
  var controlCharacters: [UInt8]
}

private struct ExitStatus {
  var exitCode: Int32?
  var signal: Int32?
}

private struct ProbeError: Error, CustomStringConvertible {
  var description: String
}

/// `pty-probe` running on the slave side of a fresh pseudo-terminal, in its own process
/// group (so a stop signal really stops it).
private final class ProbeSession {
  let master: Int32
  let slave: Int32
  let pid: pid_t
  private(set) var output: [UInt8] = []
  private var isReaped = false
  /// The slave's settings before the probe started.
  let initialSettings: Settings

  var outputText: String { String(decoding: output, as: UTF8.self) }

  /// Starts the probe.
  ///
  /// - Parameter isControllingTerminal: Whether the probe gets a new session with the
  ///   pty as its controlling terminal (then the kernel sends SIGWINCH on a resize).
  ///   Otherwise it gets its own process group in the test's session, so that a stop
  ///   signal really stops it (a new session's group is orphaned, where stops are
  ///   discarded).
  /// - Throws: `ProbeError` when the pty cannot be opened or the probe cannot start.
  init(isControllingTerminal: Bool = false) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var nameBuffer = [CChar](repeating: 0, count: 4096)
    guard openpty(&master, &slave, &nameBuffer, nil, nil) == 0 else {
      throw ProbeError(description: "openpty failed: \(errno)")
    }
    self.master = master
    self.slave = slave
    var window = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    _ = withUnsafeMutablePointer(to: &window) { ioctl(master, UInt(TIOCSWINSZ), $0) }

    let probe = try BuiltProduct("BlueprintPtyProbe").url.path
    initialSettings = Self.settings(of: slave)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if isControllingTerminal {
      // After setsid, opening the tty without O_NOCTTY makes it the controlling terminal.
      // POSIX_SPAWN_SETSID (glibc 2.26) is 0x80; the Glibc module does not export it.
      let name = String(
        decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      posix_spawnattr_setflags(&attributes, 0x80)
      posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
      for target in [Int32(1), 2] { posix_spawn_file_actions_adddup2(&actions, 0, target) }
    } else {
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
      posix_spawnattr_setpgroup(&attributes, 0)
      for target in [Int32(0), 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, target) }
    }
    posix_spawn_file_actions_addclose(&actions, master)
    posix_spawn_file_actions_addclose(&actions, slave)

    let arguments = [probe]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let environmentStrings = environment.map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let result = withCStrings(arguments) { argv in
      withCStrings(environmentStrings) { envp in
        posix_spawn(&pid, probe, &actions, &attributes, argv, envp)
      }
    }
    guard result == 0 else { throw ProbeError(description: "posix_spawn failed: \(result)") }
    self.pid = pid
  }

  deinit {
    if !isReaped {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slave)
  }

  func settings() -> Settings { Self.settings(of: slave) }

  private static func settings(of descriptor: Int32) -> Settings {
    var raw = termios()
    tcgetattr(descriptor, &raw)
    let characters = withUnsafeBytes(of: raw.c_cc) { Array($0) }
    return Settings(
      inputFlags: raw.c_iflag, outputFlags: raw.c_oflag, controlFlags: raw.c_cflag,
      localFlags: raw.c_lflag, controlCharacters: characters)
  }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
  }

  func setSize(columns: Int, rows: Int) {
    var window = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = withUnsafeMutablePointer(to: &window) { ioctl(master, UInt(TIOCSWINSZ), $0) }
  }

  /// Reads whatever output is available within `milliseconds`.
  private func pump(milliseconds: Int32) {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(master, &buffer, buffer.count)
    if count > 0 { output += buffer[0..<count] }
  }

  func waitForOutput(_ text: String, seconds: Double = 50) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !outputText.contains(text) {
      guard Date() < deadline else {
        throw ProbeError(
          description: "no \(text.debugDescription) in \(outputText.debugDescription)")
      }
      pump(milliseconds: 50)
    }
  }

  func waitForExit(seconds: Double = 50) throws -> ExitStatus {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      pump(milliseconds: 20)
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        isReaped = true
        pump(milliseconds: 0)
        let signal = status & 0x7f
        return signal == 0
          ? ExitStatus(exitCode: (status >> 8) & 0xff) : ExitStatus(signal: signal)
      }
    }
    throw ProbeError(description: "the probe did not exit; output \(outputText.debugDescription)")
  }

  func waitForStop(seconds: Double = 50) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      pump(milliseconds: 20)
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG | WUNTRACED) == pid, status & 0xff == 0x7f {
        pump(milliseconds: 0)
        return
      }
    }
    throw ProbeError(description: "the probe did not stop")
  }
}

/// Calls `body` with a NULL-terminated C array of `strings`.
private func withCStrings<Result>(
  _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) throws -> Result
) rethrows -> Result {
  let pointers = strings.map { strdup($0) } + [nil]
  defer { for pointer in pointers { free(pointer) } }
  return try body(pointers)
}
