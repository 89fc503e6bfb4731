internal import BlueprintFeedModel
internal import Foundation

/// What `read --search` and `/` in the reader match: title, author and text, ignoring
/// case and diacritics.
struct ItemSearch: Sendable, Equatable {
  var text: String

  init(_ text: String) { self.text = text }

  func matches(_ item: CachedItem) -> Bool {
    guard !text.isEmpty else { return true }
    let fields = [item.title, item.author, item.bodyText]
    return fields.contains { field in
      field?.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
