#if canImport(SwiftUI)
  import BlueprintTodoModel

  extension TodoError {
    /// The title of the alert the SwiftUI list shows for this error: what failed, in
    /// the words of a window (no command lines, no exit codes).
    var alertTitle: String {
      switch self {
      case .notFound: "This todo is gone"
      case .emptyTitle: "The title is empty"
      case .titleTooLong: "The title is too long"
      case .invalidTag: "Not a tag"
      case .containsNUL: "An invisible character"
      case .invalidDate: "Not a date"
      case .invalidPriority: "Not a priority"
      case .invalidValue(let field, _):
        switch field.kind {
        case .day: "Not a date"
        case .priority: "Not a priority"
        default: "Not a valid \(field.label.lowercased())"
        }
      case .noSuchTag: "No such tag"
      case .idsExhausted: "The list is full"
      case .nothingToUndo: "Nothing to undo"
      case .invalidImport: "Cannot import"
      }
    }

    /// The alert's message: which item or input, and what to do.
    var alertMessage: String {
      switch self {
      case .notFound(let id): "Todo \(id) was deleted, perhaps in another window."
      case .emptyTitle: "Say what to do."
      case .titleTooLong(let length, let maximum):
        "It has \(length) characters; at most \(maximum) fit. Put the rest in the note."
      case .invalidTag(let tag): "“\(tag)” is not a tag. A tag is one word."
      case .containsNUL(let field): "The \(field) holds a NUL character. Remove it."
      case .invalidDate(let text): "“\(text)” is not a date. Try “tomorrow” or “2026-12-24”."
      case .invalidPriority(let word): "“\(word)” is not a priority. Use !low, !medium or !high."
      case .invalidValue(let field, let text): "“\(text)” is not \(field.expected)."
      case .noSuchTag(let id, let tag, _): "Todo \(id) has no tag “\(tag)”."
      case .idsExhausted(let maximum): "No todo can be added past number \(maximum)."
      case .nothingToUndo(let limit): "Only the last \(limit) changes can be undone."
      case .invalidImport(let source, let reason): "\(source): \(reason)"
      }
    }
  }
#endif
