import CoreBase

extension StringProtocol {
  /// The number of terminal cells this text occupies on one line.
  ///
  /// See ``TextWidth`` for the rules (wide CJK and emoji 2, combining marks 0).
  public var terminalWidth: Int { TextWidth.of(self) }

  /// This text cut to at most `width` cells, ending in `ellipsis` when it was cut.
  ///
  /// Never splits a grapheme and never exceeds `width`; a wide character that would
  /// straddle the limit is left out, so the result may be one cell narrower.
  ///
  /// ```swift
  /// "Hello, world".truncated(toWidth: 8)  // "Hello, …"
  /// "日本語テキスト".truncated(toWidth: 6)     // "日本…"
  /// ```
  ///
  /// - Parameters:
  ///   - width: The most cells the result may occupy.
  ///   - ellipsis: What marks the cut; dropped if even it does not fit.
  /// - Returns: The text unchanged when it fits, otherwise its longest fitting prefix
  ///   followed by the ellipsis.
  public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
    TextWidth.truncate(String(self), toWidth: width, ellipsis: ellipsis)
  }

  /// This text cut (with an ellipsis) or padded with spaces to exactly `width` cells.
  ///
  /// - Parameter width: The number of cells the result occupies.
  /// - Returns: The fitted text; its ``terminalWidth`` equals `width` (0 when negative).
  public func padded(toWidth width: Int) -> String {
    let fitted = truncated(toWidth: width)
    let missing = Swift.max(0, width) - TextWidth.of(fitted)
    return missing > 0 ? fitted + String(repeating: " ", count: missing) : fitted
  }
}

extension TextWidth {
  /// The non-generic body of `truncated(toWidth:ellipsis:)`.
  static func truncate(_ text: String, toWidth width: Int, ellipsis: String) -> String {
    guard width > 0 else { return "" }
    if TextWidth.of(text) <= width { return text }
    let ellipsisWidth = TextWidth.of(ellipsis)
    let marker = ellipsisWidth <= width ? ellipsis : ""
    let budget = width - TextWidth.of(marker)
    var result = ""
    var used = 0
    for character in text {
      let cells = TextWidth.of(character)
      if used + cells > budget { break }
      result.append(character)
      used += cells
    }
    return result + marker
  }
}
