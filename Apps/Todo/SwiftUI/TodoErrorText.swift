#if canImport(SwiftUI)
  import Foundation

  /// How the SwiftUI app words an error for its alert: the error's own description,
  /// which for the todo model's and the store's errors is the one-line message the
  /// command line prints too.
  enum TodoErrorText {
    /// One line for `error`.
    ///
    /// - Parameter error: Any error an interactor reported.
    /// - Returns: What went wrong.
    static func message(for error: any Error) -> String {
      if let localized = error as? any LocalizedError, let description = localized.errorDescription
      {
        return description
      }
      return String(describing: error)
    }
  }
#endif
