import Core
import CoreTerminal
import Glibc
import Testing

/// `SystemTerminal` inside the test process, on pipes and on a pseudo-terminal.
///
/// Serialized: interactive mode is process-wide (one device at a time).
@Suite("SystemTerminal", .serialized)
struct SystemTerminalTests {
  @Test("a pipe is not a terminal: entering throws and the size falls back")
  func pipeIsNotATerminal() throws {
    var descriptors: [Int32] = [-1, -1]
    try #require(pipe(&descriptors) == 0)
    defer { for descriptor in descriptors { close(descriptor) } }
    let terminal = SystemTerminal(inputDescriptor: descriptors[0], outputDescriptor: descriptors[1])
    #expect(throws: TerminalError.notATerminal) { try terminal.enterInteractiveMode() }
    #expect(terminal.size == .fallback)
    terminal.leaveInteractiveMode()  // harmless when not interactive
  }

  @Test(
    "on a pty: raw mode, size, input bytes, exact restore; one device at a time",
    .timeLimit(.minutes(10)))
  func onPseudoTerminal() async throws {
    let first = try Pty(columns: 90, rows: 20)
    let second = try Pty(columns: 80, rows: 24)
    let before = first.settings()
    let terminal = SystemTerminal(inputDescriptor: first.slave, outputDescriptor: first.slave)
    #expect(terminal.size == TerminalSize(columns: 90, rows: 20))

    try terminal.enterInteractiveMode()
    #expect(first.settings() != before)
    let other = SystemTerminal(inputDescriptor: second.slave, outputDescriptor: second.slave)
    #expect(throws: TerminalError.alreadyInteractive) { try other.enterInteractiveMode() }

    var input = terminal.input.makeAsyncIterator()
    first.send([0x61, 0x1b, 0x5b, 0x41])
    var received: [UInt8] = []
    while received.count < 4, case .bytes(let bytes)? = await input.next() { received += bytes }
    #expect(received == [0x61, 0x1b, 0x5b, 0x41])

    terminal.leaveInteractiveMode()
    #expect(first.settings() == before)
    let expected = Array((TerminalControl.enterSequence + TerminalControl.restoreSequence).utf8)
    let output = first.read(count: expected.count)
    #expect(output == expected)

    try other.enterInteractiveMode()  // free again after leaving
    other.leaveInteractiveMode()
  }
}

/// A pseudo-terminal pair opened in the test process.
private final class Pty {
  let master: Int32
  let slave: Int32

  init(columns: Int, rows: Int) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw TerminalError("openpty") }
    self.master = master
    self.slave = slave
    var window = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = withUnsafeMutablePointer(to: &window) { ioctl(master, UInt(TIOCSWINSZ), $0) }
  }

  deinit {
    close(master)
    close(slave)
  }

  func settings() -> [UInt8] {
    var raw = termios()
    tcgetattr(slave, &raw)
    return withUnsafeBytes(of: raw) { Array($0) }
  }

  func send(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
  }

  /// Reads what the slave side wrote until `count` bytes have come (a loaded machine may
  /// pass them on late), then what else is there at once; five minutes without a byte
  /// ends it (a hang guard).
  func read(count: Int) -> [UInt8] {
    var result: [UInt8] = []
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    while poll(&descriptor, 1, result.count < count ? 300_000 : 0) > 0 {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let read = Glibc.read(master, &buffer, buffer.count)
      guard read > 0 else { break }
      result += buffer[0..<read]
    }
    return result
  }
}
