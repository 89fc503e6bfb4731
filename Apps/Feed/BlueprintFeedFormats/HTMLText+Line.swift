extension HTMLText {
  /// HTML as plain text for a title: the text only, with no `[1]` after links and no
  /// `[image: …]` for images.
  ///
  /// - Parameter html: The HTML fragment.
  /// - Returns: The text (line breaks included; callers collapse them).
  static func line(html: String) -> String {
    var renderer = HTMLRenderer(baseURL: nil, isLine: true)
    renderer.render(Array(html.utf8))
    return renderer.finishedText()
  }

  /// Whether `text` holds a tag of an HTML element that titles carry (`<b>`, `</a>`,
  /// `<br/>`, `<img …>`): RSS titles are plain text, yet feeds put escaped HTML in them.
  /// Text such as "a < b" or "Use <T> in Swift" is not markup.
  ///
  /// - Parameter text: The title as the XML parser delivered it.
  /// - Returns: Whether to read it as HTML.
  static func looksLikeMarkup(_ text: String) -> Bool {
    let bytes = text.utf8
    guard bytes.contains(UInt8(ascii: "<")) else { return false }
    let array = Array(bytes)
    var index = 0
    while index < array.count {
      guard array[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      var start = index + 1
      if start < array.count, array[start] == UInt8(ascii: "/") { start += 1 }
      var end = start
      while end < array.count, (array[end] | 0x20) &- 97 < 26 || array[end] &- 48 < 10 {
        end += 1
      }
      if end < array.count, end > start,
        array[end] == UInt8(ascii: ">") || array[end] == UInt8(ascii: " ")
          || array[end] == UInt8(ascii: "/"),
        titleElements.contains(String(decoding: array[start..<end], as: UTF8.self).lowercased())
      {
        return true
      }
      index += 1
    }
    return false
  }

  private static let titleElements: Set<String> = [
    "a", "abbr", "b", "big", "br", "cite", "code", "del", "div", "em", "font", "h1", "h2", "h3",
    "h4", "h5", "h6", "i", "img", "ins", "kbd", "mark", "p", "q", "s", "small", "span",
    "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
  ]
}
