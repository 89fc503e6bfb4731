/// A coding path as a person reads it: `value.items[3].title`.
enum CodingPathText {
  /// Keys joined with dots, positions in brackets; empty for an empty path.
  static func of(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }
}
