import CoreBase

extension Frame {
  /// Where text sits in the width it is given.
  public enum Alignment: Sendable, Hashable {
    /// Against the left edge.
    case leading
    /// Against the right edge.
    case trailing
  }

  /// Draws text on the first row of a rectangle, cut with an ellipsis at its width.
  ///
  /// Nothing is drawn into an empty rectangle, so parts a ``Layout`` or ``RowStack``
  /// had no room for simply do not show.
  ///
  /// <!-- doc-test: skip a fragment: `area`, `frame`, `title`, `date` come from its surroundings -->
  /// ```swift
  /// let (titleCell, dateCell) = area.line(0).columns(.fill(), .fixed(10))
  /// frame.draw(title, in: titleCell)
  /// frame.draw(date, in: dateCell, alignment: .trailing)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text; sanitized unless `sanitizing` is false.
  ///   - rect: Where to draw; its first row.
  ///   - style: The style of the drawn cells.
  ///   - alignment: Against which edge of `rect` the text sits.
  ///   - sanitizing: Whether to pass `text` through ``TerminalSanitizer/singleLine`` first.
  /// - Returns: The number of cells drawn.
  @discardableResult
  public mutating func draw(
    _ text: some StringProtocol, in rect: Rect, style: TextStyle = .plain,
    alignment: Alignment = .leading, sanitizing: Bool = true
  ) -> Int {
    guard rect.width > 0, rect.height > 0 else { return 0 }
    if alignment == .trailing {
      let clean = sanitizing ? TerminalSanitizer.singleLine.sanitize(text) : String(text)
      let fitted = clean.truncated(toWidth: rect.width)
      return draw(
        fitted, row: rect.row, column: rect.trailing - fitted.terminalWidth, width: rect.width,
        style: style, sanitizing: false)
    }
    return draw(
      text, row: rect.row, column: rect.column, width: rect.width, style: style,
      sanitizing: sanitizing)
  }

  /// Draws lines one per row of a rectangle, from its top, as many as fit.
  ///
  /// - Parameters:
  ///   - lines: The lines, e.g. from `Swift/StringProtocol/wrapped(toWidth:)`.
  ///   - rect: Where to draw them.
  ///   - style: The style of the drawn cells.
  ///   - sanitizing: Whether to sanitize each line first.
  /// - Returns: The number of lines drawn.
  @discardableResult
  public mutating func draw(
    lines: some Sequence<some StringProtocol>, in rect: Rect, style: TextStyle = .plain,
    sanitizing: Bool = true
  ) -> Int {
    var count = 0
    for line in lines.prefix(rect.height) {
      draw(line, in: rect.line(count), style: style, sanitizing: sanitizing)
      count += 1
    }
    return count
  }
}
