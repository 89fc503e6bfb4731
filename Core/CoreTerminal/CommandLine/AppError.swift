public import CoreBase

/// An error a command-line app reports to its user and exits with.
///
/// The command-line parser throws it too, as ``CommandLineError`` (exit 64).
///
/// The runner (``CommandLineApp``) prints it as `APP: error: MESSAGE` and an optional
/// `hint: …` line on standard error, then exits with ``exitCode``.
///
/// ```swift
/// throw AppError("no item with id 42", hint: "run 'todo list --all' to see ids")
/// ```
public struct AppError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line a person can act on; data in it is sanitized when printed.
  public var message: String
  /// An optional next step, printed as `hint: …`.
  public var hint: String?
  /// The sysexits code to exit with.
  public var exitCode: ExitCode

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: One line a person can act on.
  ///   - hint: An optional next step.
  ///   - exitCode: The code to exit with; ``ExitCode/usage`` (64) unless given.
  public init(_ message: String, hint: String? = nil, exitCode: ExitCode = .usage) {
    self.message = message
    self.hint = hint
    self.exitCode = exitCode
  }

  /// The message, with the hint in parentheses.
  public var description: String { hint.map { "\(message) (\($0))" } ?? message }
}

/// An error that knows how a command-line app reports it.
///
/// The runner turns any error that conforms into its ``AppError``; other errors
/// are reported as unexpected (exit 70). Core's own error types conform.
public protocol AppErrorConvertible: Error {
  /// The message, hint and exit code to report.
  var appError: AppError { get }
}

extension AppError: AppErrorConvertible {
  /// The error itself.
  public var appError: AppError { self }
}

extension PersistenceError: AppErrorConvertible {
  /// The store error in plain words with its sysexits code (64, 65, 73, 74 or 75).
  ///
  /// A corrupt file is named with what is wrong (line and column for a JSON syntax
  /// error) and the next step; file-system causes are said in words (`permission
  /// denied`, `the disk is full`), never as a Foundation error dump.
  public var appError: AppError {
    let code = ExitCode(rawValue: exitCode)
    switch self {
    case .corrupted(_, let path, let underlying):
      let document = CommandLineInput.prefix(ofFileAt: path)
      return AppError(
        "\(path) is corrupt: \(CommandLineErrorDescription.describe(underlying, in: document)); "
          + "it was left untouched",
        hint: hint ?? "fix it in a text editor, or move it away to start afresh", exitCode: code)
    case .cannotRead(_, let path, let underlying):
      return AppError(
        "cannot read \(path): \(CommandLineErrorDescription.describe(underlying))", hint: hint,
        exitCode: code)
    case .cannotWrite(_, let path, let underlying as StoreFileProblem)
    where underlying.isNewValueInPlace:
      return AppError("\(path) was written, but \(underlying)", hint: hint, exitCode: code)
    case .cannotWrite(_, let path, let underlying):
      return AppError(
        "cannot write \(path): \(CommandLineErrorDescription.describe(underlying)); "
          + "the previous version is still in place", hint: hint, exitCode: code)
    case .cannotCreateFolder(let path, let underlying):
      return AppError(
        "cannot create the folder \(path): \(CommandLineErrorDescription.describe(underlying))",
        exitCode: code)
    case .cannotEncode(let key, let underlying):
      return AppError(
        "cannot encode the value for '\(key)': \(CommandLineErrorDescription.describe(underlying))",
        exitCode: code)
    default:
      return AppError(message, hint: hint, exitCode: code)
    }
  }
}

extension APIError: AppErrorConvertible {
  /// The network error as an app error: its one-line description, exit 69.
  public var appError: AppError { AppError(description, exitCode: .unavailable) }
}
