import CoreBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints errors the way every app does: `APP: error: MESSAGE`, then `hint: …`.
///
/// Messages go to standard error, one line each; control characters, C1 controls
/// and bidi overrides in them are shown as escapes (``CommandLineEcho``), so an
/// argument echoed in a message cannot drive the terminal and is shown as typed:
/// `unknown command 'add\x01'`, not a misleading `'add'`.
///
/// ```swift
/// let errors = ErrorReporter(appName: "todo")
/// errors.report("no todo with id 7", hint: "run 'todo list' to see the ids")
/// // todo: error: no todo with id 7
/// // hint: run 'todo list' to see the ids
/// ```
public struct ErrorReporter: Sendable {
  /// The app's name, the first word of every message.
  public var appName: String
  private let write: @Sendable (String) -> Void

  /// Creates a reporter that writes to standard error.
  ///
  /// - Parameter appName: The app's command name.
  public init(appName: String) {
    self.init(appName: appName) { text in
      var bytes = Array(text.utf8)
      _ = bytes.withUnsafeMutableBufferPointer { TerminalRestorer.writeAll(STDERR_FILENO, $0) }
    }
  }

  /// Creates a reporter that hands each formatted message to `write` (for tests).
  ///
  /// - Parameters:
  ///   - appName: The app's command name.
  ///   - write: Receives each message, newline-terminated.
  public init(appName: String, write: @escaping @Sendable (String) -> Void) {
    self.appName = appName
    self.write = write
  }

  /// Formats an error message.
  ///
  /// - Parameters:
  ///   - message: What went wrong, in one line.
  ///   - hint: What the user can do about it, if anything.
  /// - Returns: `APP: error: MESSAGE\n`, plus `hint: HINT\n` when there is a hint.
  public func format(_ message: String, hint: String? = nil) -> String {
    var text = "\(appName): error: \(Self.escaped(message))\n"
    if let hint { text += "hint: \(Self.escaped(hint))\n" }
    return text
  }

  /// A message line with every control or invisible character shown as an escape.
  ///
  /// - Parameter line: One line of a message.
  /// - Returns: The line, safe to write to a terminal.
  package static func escaped(_ line: String) -> String {
    CommandLineEcho.quote(line, limit: .max)
  }

  /// Writes an error message to standard error.
  ///
  /// - Parameters:
  ///   - message: What went wrong, in one line.
  ///   - hint: What the user can do about it, if anything.
  public func report(_ message: String, hint: String? = nil) {
    write(format(message, hint: hint))
  }

  /// Writes a command-line error (its message and hint) to standard error.
  ///
  /// - Parameter error: The error from ``CommandLineSpec/parse(_:)`` or a typed accessor.
  /// - Returns: The exit code to end the process with.
  @discardableResult
  public func report(_ error: CommandLineError) -> ExitCode {
    report(error.message, hint: error.hint)
    return error.exitCode
  }
}
