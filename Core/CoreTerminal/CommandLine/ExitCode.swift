import CoreBase

/// A process exit status, following the BSD `sysexits` conventions.
///
/// An open set: apps may define their own values next to these.
///
/// ```swift
/// exit(ExitCode.usage.rawValue)
/// ```
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The status passed to `exit`.
  public var rawValue: Int32

  /// Creates an exit code.
  ///
  /// - Parameter rawValue: The status passed to `exit`.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// 0: success.
  public static let ok = ExitCode(rawValue: 0)
  /// 64: a usage error, an invalid value, an unknown id or key; nothing was changed.
  public static let usage = ExitCode(rawValue: 64)
  /// 65: stored or imported data is corrupt.
  public static let dataError = ExitCode(rawValue: 65)
  /// 66: an input file does not exist.
  public static let noInput = ExitCode(rawValue: 66)
  /// 69: a service (a network fetch) is unavailable.
  public static let unavailable = ExitCode(rawValue: 69)
  /// 73: an output file cannot be created.
  public static let cantCreate = ExitCode(rawValue: 73)
  /// 74: an input or output error.
  public static let ioError = ExitCode(rawValue: 74)
  /// 75: a temporary failure (a lock could not be taken in time); try again.
  public static let tempFail = ExitCode(rawValue: 75)
  /// 130: the run was interrupted (cancelled, as by Ctrl-C).
  public static let interrupted = ExitCode(rawValue: 130)
  /// 70: an internal error the app did not expect (a bug).
  public static let software = ExitCode(rawValue: 70)

  /// The number, e.g. `64`.
  public var description: String { "\(rawValue)" }
}
