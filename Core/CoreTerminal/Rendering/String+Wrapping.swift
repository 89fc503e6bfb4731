import CoreBase

extension StringProtocol {
  /// This text broken into lines of at most `width` cells, at spaces.
  ///
  /// A word wider than `width` is cut at a grapheme boundary and continues on the next
  /// line; runs of spaces between words collapse to one; nothing is lost but the
  /// spaces where lines break. For a status or an error under a form, so a long
  /// message is read in full at any window width.
  ///
  /// ```swift
  /// "not a date: YYYY-MM-DD, today".wrapped(toWidth: 12)
  /// // ["not a date:", "YYYY-MM-DD,", "today"]
  /// ```
  ///
  /// - Parameter width: The most cells a line may occupy (at least 1 is used).
  /// - Returns: The lines; one empty line for empty text.
  public func wrapped(toWidth width: Int) -> [String] {
    let width = Swift.max(1, width)
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for part in split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(part)
      var wordWidth = word.terminalWidth
      if lineWidth > 0, lineWidth + 1 + wordWidth > width {
        lines.append(line)
        (line, lineWidth) = ("", 0)
      }
      // A word wider than a whole line: cut it into pieces that fit.
      while lineWidth == 0, wordWidth > width {
        let piece = word.truncated(toWidth: width, ellipsis: "")
        // A character wider than the line itself goes on a line of its own.
        let taken = piece.isEmpty ? String(word.prefix(1)) : piece
        lines.append(taken)
        word.removeFirst(taken.count)
        wordWidth = word.terminalWidth
      }
      guard !word.isEmpty else { continue }
      if lineWidth > 0 {
        line += " "
        lineWidth += 1
      }
      line += word
      lineWidth += wordWidth
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
