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
  /// Whether standard input is a terminal.
  public var isInputTerminal: Bool
  /// Whether standard output is a terminal.
  public var isOutputTerminal: Bool

  /// Creates streams from closures.
  ///
  /// - Parameters:
  ///   - writeOutput: Writes to standard output.
  ///   - writeError: Writes to standard error.
  ///   - readInput: Reads standard input to its end.
  ///   - isInputTerminal: Whether standard input is a terminal.
  ///   - isOutputTerminal: Whether standard output is a terminal.
  public init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    readInput: @escaping @Sendable () -> Data = { Data() },
    isInputTerminal: Bool = false,
    isOutputTerminal: Bool = false
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.readInput = readInput
    self.isInputTerminal = isInputTerminal
    self.isOutputTerminal = isOutputTerminal
  }

  /// The process's own standard input, output and error.
  public static var live: ProcessIO {
    ProcessIO(
      writeOutput: { writeAll(STDOUT_FILENO, $0) },
      writeError: { writeAll(STDERR_FILENO, $0) },
      readInput: { FileHandle.standardInput.readDataToEndOfFile() },
      isInputTerminal: isatty(STDIN_FILENO) == 1,
      isOutputTerminal: isatty(STDOUT_FILENO) == 1
    )
  }

  /// Writes every byte, retrying short writes and EINTR; stops quietly on EPIPE.
  private static func writeAll(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBufferPointer { TerminalRestorer.writeAll(descriptor, $0) }
  }
}
