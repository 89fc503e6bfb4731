public import CoreSync
public import CoreTerminal

extension DAVError: AppErrorConvertible {
  /// The CalDAV client's refusal in plain words: exit 69, the server's side.
  public var appError: AppError {
    switch self {
    case .listingTooLarge, .noCalendarHome:
      AppError(description, exitCode: .unavailable)
    }
  }
}
