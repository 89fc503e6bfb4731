#if canImport(Glibc)
  import CoreTerminal
  import Foundation
  public import Glibc

  /// Terminal settings compared field by field.
  public struct TerminalSettings: Equatable {
    public var inputFlags: tcflag_t
    public var outputFlags: tcflag_t
    public var controlFlags: tcflag_t
    public var localFlags: tcflag_t
    public var controlCharacters: [UInt8]
  }

  public struct ExitStatus {
    public var exitCode: Int32?
    public var signal: Int32?
  }

  public struct PseudoTerminalError: Error, CustomStringConvertible {
    public var description: String
  }

  /// A program running on the slave side of a fresh pseudo-terminal (stdin, stdout and
  /// stderr), read and written from the master side. Every wait is a hang guard bounded
  /// by a deadline, never a timing assertion.
  public final class PseudoTerminalSession {
    public let master: Int32
    public let slave: Int32
    public let pid: pid_t
    public private(set) var output: [UInt8] = []
    private var isReaped = false
    /// The slave's settings before the probe started.
    public let initialSettings: TerminalSettings

    public var outputText: String { String(decoding: output, as: UTF8.self) }

    /// Starts `executable` on a new 100×30 pseudo-terminal.
    ///
    /// - Parameters:
    ///   - executable: The program's path.
    ///   - arguments: Its arguments.
    ///   - environment: Its whole environment.
    ///   - isControllingTerminal: Whether the program gets a new session with the
    ///   pty as its controlling terminal (then the kernel sends SIGWINCH on a resize).
    ///   Otherwise it gets its own process group in the test's session, so that a stop
    ///   signal really stops it (a new session's group is orphaned, where stops are
    ///   discarded).
    /// - Throws: `PseudoTerminalError` when the pty cannot be opened or the program
    ///   cannot start.
    public init(
      _ executable: String, _ arguments: [String], environment: [String: String],
      isControllingTerminal: Bool = false
    ) throws {
      var master: Int32 = -1
      var slave: Int32 = -1
      var nameBuffer = [CChar](repeating: 0, count: 4096)
      guard openpty(&master, &slave, &nameBuffer, nil, nil) == 0 else {
        throw PseudoTerminalError(description: "openpty failed: \(errno)")
      }
      self.master = master
      self.slave = slave
      var window = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
      _ = withUnsafeMutablePointer(to: &window) { ioctl(master, UInt(TIOCSWINSZ), $0) }

      initialSettings = Self.settings(of: slave)
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      // The program starts with every signal at its default action and none blocked, as
      // from a shell. Without this it inherits this process's dispositions of the moment:
      // while a `ForegroundProcess` test in another suite ignores SIGINT, a probe started
      // then keeps SIGINT ignored (as it must) and never ends on it.
      var everySignal = sigset_t()
      sigfillset(&everySignal)
      var noSignal = sigset_t()
      sigemptyset(&noSignal)
      posix_spawnattr_setsigdefault(&attributes, &everySignal)
      posix_spawnattr_setsigmask(&attributes, &noSignal)
      var flags = Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
      if isControllingTerminal {
        // After setsid, opening the tty without O_NOCTTY makes it the controlling terminal.
        // POSIX_SPAWN_SETSID (glibc 2.26) is 0x80; the Glibc module does not export it.
        let name = String(
          decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        flags |= 0x80
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        for target in [Int32(1), 2] { posix_spawn_file_actions_adddup2(&actions, 0, target) }
      } else {
        flags |= Int16(POSIX_SPAWN_SETPGROUP)
        posix_spawnattr_setpgroup(&attributes, 0)
        for target in [Int32(0), 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, target) }
      }
      posix_spawnattr_setflags(&attributes, flags)
      // The terminal's own descriptors and any file another test has open (one being
      // written and run next would be "Text file busy" while this program runs).
      InheritedDescriptors.closeAboveStandardError(&actions)

      let arguments = [executable] + arguments
      let environmentStrings = environment.map { "\($0.key)=\($0.value)" }
      var pid: pid_t = 0
      let result = withCStrings(arguments) { argv in
        withCStrings(environmentStrings) { envp in
          posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
      }
      guard result == 0 else {
        throw PseudoTerminalError(description: "posix_spawn failed: \(result)")
      }
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

    public func settings() -> TerminalSettings { Self.settings(of: slave) }

    private static func settings(of descriptor: Int32) -> TerminalSettings {
      var raw = termios()
      tcgetattr(descriptor, &raw)
      let characters = withUnsafeBytes(of: raw.c_cc) { Array($0) }
      return TerminalSettings(
        inputFlags: raw.c_iflag, outputFlags: raw.c_oflag, controlFlags: raw.c_cflag,
        localFlags: raw.c_lflag, controlCharacters: characters)
    }

    public func send(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    public func setSize(columns: Int, rows: Int) {
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

    /// The screen the output drew so far, as a 100×30 terminal shows it (the size a
    /// session starts with).
    public var screen: VirtualScreen {
      var screen = VirtualScreen(size: TerminalSize(columns: 100, rows: 30))
      screen.feed(output)
      return screen
    }

    /// Reads output until the screen it draws (``screen``) meets `condition`: for what
    /// a redraw changes, which a renderer that writes only the changed cells never
    /// writes whole.
    ///
    /// - Parameters:
    ///   - seconds: A guard against a hang, not a timing.
    ///   - condition: What the screen must show.
    /// - Returns: The screen that met it.
    /// - Throws: `PseudoTerminalError` with the screen's text, after `seconds`.
    @discardableResult
    public func waitForScreen(
      seconds: Double = 300, _ condition: (VirtualScreen) -> Bool
    ) throws -> VirtualScreen {
      let deadline = Date().addingTimeInterval(seconds)
      while true {
        // Fed whole each time: a read may end inside a character.
        let screen = self.screen
        if condition(screen) { return screen }
        guard Date() < deadline else {
          throw PseudoTerminalError(description: "the screen never matched:\n" + screen.text)
        }
        pump(milliseconds: 50)
      }
    }

    /// Reads output until `text` shows in what came after the first `offset` bytes.
    public func waitForOutput(_ text: String, after offset: Int = 0, seconds: Double = 300) throws {
      let deadline = Date().addingTimeInterval(seconds)
      while !String(decoding: output.dropFirst(offset), as: UTF8.self).contains(text) {
        guard Date() < deadline else {
          throw PseudoTerminalError(
            description: "no \(text.debugDescription) in \(outputText.debugDescription)")
        }
        pump(milliseconds: 50)
      }
    }

    public func waitForExit(seconds: Double = 300) throws -> ExitStatus {
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
      throw PseudoTerminalError(
        description: "the program did not exit; output \(outputText.debugDescription)")
    }

    public func waitForStop(seconds: Double = 300) throws {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        pump(milliseconds: 20)
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG | WUNTRACED) == pid, status & 0xff == 0x7f {
          pump(milliseconds: 0)
          return
        }
      }
      throw PseudoTerminalError(description: "the program did not stop")
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
#endif
