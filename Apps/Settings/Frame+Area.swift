import Core

extension Frame {
  /// Draws text only inside `area`: nothing when `row` is outside it, and clipped at
  /// its right edge, so a small window never draws over the footer.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - row: The row.
  ///   - column: The first column.
  ///   - area: The screen's content area.
  ///   - style: The style.
  ///   - sanitizing: Whether the text is data to sanitize.
  mutating func draw(
    _ text: String, row: Int, column: Int, in area: Rect, style: TextStyle = .plain,
    sanitizing: Bool = true
  ) {
    guard row >= area.row, row < area.bottom else { return }
    let width = area.column + area.width - column
    guard width > 0 else { return }
    draw(text, row: row, column: column, width: width, style: style, sanitizing: sanitizing)
  }
}
