#if canImport(SwiftUI)
  import BlueprintTodoModel
  import Foundation

  /// How the SwiftUI app words an error for its alert: the model's `TodoError` in a
  /// window's words (`TodoError+Alert.swift`), any other error by its own description.
  enum TodoErrorText {
    /// One line for `error`.
    ///
    /// - Parameter error: Any error an interactor reported.
    /// - Returns: What went wrong.
    static func message(for error: any Error) -> String {
      if let error = error as? TodoError { return error.alertMessage }
      if let localized = error as? any LocalizedError, let description = localized.errorDescription
      {
        return description
      }
      return String(describing: error)
    }
  }
#endif
