import CoreBase
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's real terminal: standard input and output.
///
/// Entering interactive mode saves the exact `termios` settings it finds, switches to
/// raw mode, the alternate screen, a hidden cursor and bracketed paste. Leaving puts
/// back exactly those settings and writes ``TerminalControl/restoreSequence``. The
/// same happens on every other way out, from a signal handler that uses only
/// async-signal-safe calls: `exit`, SIGINT, SIGTERM, SIGHUP, SIGQUIT (restore, then
/// the signal's previous action), crash signals (restore, then the crash proceeds),
/// SIGTSTP (restore, then really suspend; SIGCONT re-enters raw mode and delivers
/// ``TerminalInput/resumed``). SIGWINCH delivers ``TerminalInput/resized(_:)``.
///
/// Raw mode turns off `ISIG`, so Ctrl-C and Ctrl-Z arrive as keys (`.ctrl("c")`,
/// `.ctrl("z")`): the app decides, and calls ``suspend()`` for Ctrl-Z.
///
/// Input is read on a private dispatch queue and delivered through ``input``, which a
/// main-actor loop can await.
public final class SystemTerminal: TerminalDevice {
  private struct State: @unchecked Sendable {
    // @unchecked: the dispatch sources are only touched while `state` is locked, and
    // DispatchSource itself is thread-safe.
    var isInteractive = false
    var readSource: (any DispatchSourceRead)?
    var wakeSource: (any DispatchSourceRead)?
    var wakePipe: (read: Int32, write: Int32)?
    var original: termios?
  }

  private let inputDescriptor: Int32
  private let outputDescriptor: Int32
  private let queue = DispatchQueue(label: "core.terminal.input")
  private let state = Locked(State())
  private let continuation: AsyncStream<TerminalInput>.Continuation

  /// Everything the terminal delivers while interactive.
  public let input: AsyncStream<TerminalInput>

  /// Creates the device over the given descriptors (standard input and output).
  ///
  /// - Parameters:
  ///   - inputDescriptor: Where keys are read and whose settings change.
  ///   - outputDescriptor: Where output is written and the size is asked.
  public init(inputDescriptor: Int32 = 0, outputDescriptor: Int32 = 1) {
    self.inputDescriptor = inputDescriptor
    self.outputDescriptor = outputDescriptor
    (input, continuation) = AsyncStream.makeStream(of: TerminalInput.self)
  }

  deinit { leaveInteractiveMode() }

  /// Whether standard input and standard output are both terminals.
  public static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// The size from `ioctl(TIOCGWINSZ)`; ``TerminalSize/fallback`` when it has none.
  public var size: TerminalSize {
    var window = winsize()
    let result = withUnsafeMutablePointer(to: &window) {
      ioctl(outputDescriptor, UInt(TIOCGWINSZ), $0)
    }
    guard result == 0, window.ws_col > 0, window.ws_row > 0 else { return .fallback }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  /// Writes all bytes, retrying after interruptions; a hung-up terminal drops them.
  ///
  /// - Parameter bytes: Output bytes.
  public func write(_ bytes: [UInt8]) {
    var bytes = bytes
    _ = bytes.withUnsafeMutableBufferPointer { TerminalRestorer.writeAll(outputDescriptor, $0) }
  }

  /// Saves the current settings, then enters raw mode, the alternate screen, a hidden
  /// cursor and bracketed paste, and arms the restore handlers. Does nothing when
  /// already interactive.
  ///
  /// - Throws: ``TerminalError/notATerminal`` when input or output is not a terminal,
  ///   ``TerminalError/alreadyInteractive`` when another device is interactive, or an
  ///   error with the `errno` when the settings cannot be read or changed.
  public func enterInteractiveMode() throws(TerminalError) {
    let result = state.withLock { state -> Result<Void, TerminalError> in
      do throws(TerminalError) {
        try enter(&state)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  private func enter(_ state: inout State) throws(TerminalError) {
    guard !state.isInteractive else { return }
    guard isatty(inputDescriptor) == 1, isatty(outputDescriptor) == 1 else {
      throw .notATerminal
    }
    var record = TerminalRestorer.Record()
    guard tcgetattr(inputDescriptor, &record.original) == 0 else {
      throw TerminalError("cannot read the terminal settings", errorNumber: errno)
    }
    record.raw = Self.rawSettings(from: record.original)
    record.inputDescriptor = inputDescriptor
    record.outputDescriptor = outputDescriptor
    let pipe: (read: Int32, write: Int32)
    if let existing = state.wakePipe {
      pipe = existing
    } else {
      pipe = try Self.makeWakePipe()
    }
    state.wakePipe = pipe
    record.wakeDescriptor = pipe.write
    guard TerminalRestorer.arm(record) else { throw .alreadyInteractive }
    guard tcsetattr(inputDescriptor, TCSAFLUSH, &record.raw) == 0 else {
      let number = errno
      TerminalRestorer.disarm()
      throw TerminalError("cannot switch the terminal to raw mode", errorNumber: number)
    }
    write(Array(TerminalControl.enterSequence.utf8))
    state.original = record.original
    state.readSource = makeReadSource()
    state.wakeSource = makeWakeSource(pipe.read)
    state.isInteractive = true
  }

  /// Writes ``TerminalControl/restoreSequence``, puts back the saved settings and
  /// disarms the handlers. Does nothing when not interactive.
  public func leaveInteractiveMode() {
    state.withLock { state in
      guard state.isInteractive else { return }
      state.isInteractive = false
      state.readSource?.cancel()
      state.wakeSource?.cancel()
      state.readSource = nil
      state.wakeSource = nil
      // Restore first, disarm after: a signal in between restores once more, harmlessly.
      write(Array(TerminalControl.restoreSequence.utf8))
      if var original = state.original { tcsetattr(inputDescriptor, TCSADRAIN, &original) }
      TerminalRestorer.disarm()
    }
  }

  /// Sends this process `SIGTSTP`: the handler restores the terminal and stops; on
  /// `SIGCONT` interactive mode comes back and ``TerminalInput/resumed`` is delivered.
  public func suspend() {
    kill(getpid(), SIGTSTP)
  }

  // MARK: - Settings

  /// Raw mode as `cfmakeraw` makes it: no echo, no line editing, no signal keys, no
  /// flow control, no output processing, 8-bit characters; reads return each byte.
  private static func rawSettings(from original: termios) -> termios {
    var raw = original
    raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    return raw
  }

  // MARK: - Input sources

  private static func makeWakePipe() throws(TerminalError) -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else {
      throw TerminalError("cannot create a pipe", errorNumber: errno)
    }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    return (descriptors[0], descriptors[1])
  }

  private func makeReadSource() -> any DispatchSourceRead {
    let source = DispatchSource.makeReadSource(fileDescriptor: inputDescriptor, queue: queue)
    let descriptor = inputDescriptor
    let continuation = continuation
    source.setEventHandler {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &buffer, buffer.count)
      if count > 0 {
        continuation.yield(.bytes(Array(buffer[0..<count])))
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        source.cancel()  // end of input: the terminal hung up
        continuation.finish()
      }
    }
    source.resume()
    return source
  }

  private func makeWakeSource(_ descriptor: Int32) -> any DispatchSourceRead {
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    let continuation = continuation
    source.setEventHandler { [weak self] in
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { return }
      let wakes = buffer[0..<count]
      if wakes.contains(TerminalRestorer.resumeByte) { continuation.yield(.resumed) }
      if wakes.contains(TerminalRestorer.resizeByte), let self {
        continuation.yield(.resized(self.size))
      }
    }
    source.resume()
    return source
  }
}
