import CoreBase

extension Frame {
  /// Draws text clipped to an area of the frame (a screen's content area) instead of
  /// the whole frame, so a small window never draws over the header or footer.
  ///
  /// Nothing is drawn when `row` or `column` lies outside `area`; the text is cut with
  /// an ellipsis at the area's right edge (or sooner, at `width`).
  ///
  /// <!-- doc-test: context
  /// struct Item { var note: String }
  /// struct Screen {
  /// let item = Item(note: "ask for oat milk")
  /// // after the block:
  /// }
  /// -->
  /// ```swift
  /// func render(into frame: inout Frame, area: Rect) {
  ///   frame.draw(item.note, row: area.row + 6, column: area.column + 2, in: area)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text; sanitized unless `sanitizing` is false.
  ///   - row: Zero-based row.
  ///   - column: Zero-based start column.
  ///   - width: The most cells to use; the rest of the area's row by default.
  ///   - area: The rectangle to stay inside.
  ///   - style: The style of the drawn cells.
  ///   - sanitizing: Whether to pass `text` through ``TerminalSanitizer/singleLine`` first.
  /// - Returns: The number of cells drawn.
  @discardableResult
  public mutating func draw(
    _ text: some StringProtocol, row: Int, column: Int, width: Int? = nil, in area: Rect,
    style: TextStyle = .plain, sanitizing: Bool = true
  ) -> Int {
    let right = area.column + area.width
    guard row >= area.row, row < area.bottom, column >= area.column, column < right else {
      return 0
    }
    let room = right - column
    return draw(
      text, row: row, column: column, width: Swift.min(width ?? room, room), style: style,
      sanitizing: sanitizing)
  }
}
