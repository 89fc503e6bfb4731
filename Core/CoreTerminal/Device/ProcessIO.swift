import CoreBase
public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A process's standard streams, as a command-line app uses them.
///
/// ``live`` is the real process; tests make one with closures that capture output.
public struct ProcessIO: Sendable {
  /// Writes to standard output.
  public var writeOutput: @Sendable (String) -> Void
  /// Writes to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Reads standard input to its end.
  public var readInput: @Sendable () -> Data
  /// Standard input's file descriptor, when input is the process's own: readers
  /// that bound the size (``CommandLineInput``) read it directly; `nil` in tests,
  /// which read ``readInput``.
  public var inputDescriptor: Int32?
  /// Whether standard input is a terminal.
  public var isInputTerminal: Bool
  /// Whether standard output is a terminal.
  public var isOutputTerminal: Bool
  /// Whether standard error is a terminal (a ``ProgressLine`` is drawn only then).
  public var isErrorTerminal: Bool
  /// The width of the terminal standard error is, read when asked; `nil` when it has
  /// none.
  public var errorColumns: @Sendable () -> Int?
  /// Why writing to standard output failed, if it did (a full disk, a closed
  /// descriptor); `nil` while every write succeeded.
  public var outputFailure: @Sendable () -> String?

  /// Creates streams from closures.
  ///
  /// - Parameters:
  ///   - writeOutput: Writes to standard output.
  ///   - writeError: Writes to standard error.
  ///   - readInput: Reads standard input to its end.
  ///   - isInputTerminal: Whether standard input is a terminal.
  ///   - isOutputTerminal: Whether standard output is a terminal.
  ///   - outputFailure: Why writing to standard output failed, if it did.
  ///   - inputDescriptor: Standard input's descriptor, for the process's own input.
  ///   - isErrorTerminal: Whether standard error is a terminal.
  ///   - errorColumns: The width of standard error's terminal, when it is one.
  public init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    readInput: @escaping @Sendable () -> Data = { Data() },
    isInputTerminal: Bool = false,
    isOutputTerminal: Bool = false,
    outputFailure: @escaping @Sendable () -> String? = { nil },
    inputDescriptor: Int32? = nil,
    isErrorTerminal: Bool = false,
    errorColumns: @escaping @Sendable () -> Int? = { nil }
  ) {
    self.isErrorTerminal = isErrorTerminal
    self.errorColumns = errorColumns
    self.inputDescriptor = inputDescriptor
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.readInput = readInput
    self.isInputTerminal = isInputTerminal
    self.isOutputTerminal = isOutputTerminal
    self.outputFailure = outputFailure
  }

  /// The process's own standard input, output and error.
  ///
  /// A failed write to standard output is remembered (``outputFailure``) and later
  /// output is dropped; a closed pipe (EPIPE) is not a failure: like other Unix
  /// tools, the app then stops writing quietly.
  public static var live: ProcessIO {
    let failure = Locked<Int32>(0)
    return ProcessIO(
      writeOutput: { text in
        guard failure.withLock({ $0 }) == 0 else { return }
        let code = writeAll(STDOUT_FILENO, text)
        if code != 0, code != EPIPE { failure.withLock { $0 = code } }
      },
      writeError: { writeAll(STDERR_FILENO, $0) },
      readInput: { FileHandle.standardInput.readDataToEndOfFile() },
      isInputTerminal: isatty(STDIN_FILENO) == 1,
      isOutputTerminal: isatty(STDOUT_FILENO) == 1,
      outputFailure: {
        let code = failure.withLock { $0 }
        return code == 0 ? nil : String(cString: strerror(code))
      },
      inputDescriptor: STDIN_FILENO,
      isErrorTerminal: isatty(STDERR_FILENO) == 1,
      errorColumns: { columns(of: STDERR_FILENO) }
    )
  }

  /// The width of the terminal `descriptor` is, from `ioctl(TIOCGWINSZ)`.
  private static func columns(of descriptor: Int32) -> Int? {
    var window = winsize()
    let result = withUnsafeMutablePointer(to: &window) {
      ioctl(descriptor, UInt(TIOCGWINSZ), $0)
    }
    return result == 0 && window.ws_col > 0 ? Int(window.ws_col) : nil
  }

  /// Writes every byte, retrying short writes and EINTR.
  ///
  /// - Returns: 0, or the `errno` of the write that failed.
  @discardableResult
  private static func writeAll(_ descriptor: Int32, _ text: String) -> Int32 {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { TerminalRestorer.writeAll(descriptor, $0) }
  }
}
