public import CoreSync
public import CoreTerminal

extension SyncCredentialError: AppErrorConvertible {
  /// The refusal in plain words: exit 64 for a setup to fix (a password over plain
  /// http, a `.netrc` others can read), 69 for a password command that failed.
  public var appError: AppError {
    switch self {
    case .insecureCredentials, .netrcPermissions, .netrcUnreadable:
      AppError(description, exitCode: .usage)
    case .passwordCommandFailed:
      AppError(description, exitCode: .unavailable)
    }
  }
}
