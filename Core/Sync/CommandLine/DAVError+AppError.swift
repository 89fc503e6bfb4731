public import CoreSync
public import CoreTerminal

extension DAVError: AppErrorConvertible {
  /// The CalDAV client's refusal in plain words: exit 64 for a setup to fix (a password
  /// over plain http, a `.netrc` others can read), 69 for the server's side.
  public var appError: AppError {
    switch self {
    case .insecureCredentials, .netrcPermissions, .netrcUnreadable:
      AppError(description, exitCode: .usage)
    case .passwordCommandFailed, .listingTooLarge, .noCalendarHome:
      AppError(description, exitCode: .unavailable)
    }
  }
}
