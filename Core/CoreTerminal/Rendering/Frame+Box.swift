import CoreBase

extension Frame {
  /// Draws a rounded box border with an optional title and clears its inside.
  ///
  /// - Parameters:
  ///   - rect: The box, border included.
  ///   - title: A title drawn into the top border; sanitized.
  ///   - style: The border's style.
  /// - Returns: The inside of the box.
  @discardableResult
  public mutating func drawBox(_ rect: Rect, title: String? = nil, style: TextStyle = .plain)
    -> Rect
  {
    guard rect.width >= 2, rect.height >= 2 else {
      return Rect(row: rect.row, column: rect.column, width: 0, height: 0)
    }
    fill(rect)
    let inner = rect.width - 2
    let horizontal = String(repeating: "─", count: inner)
    draw(
      "╭" + horizontal + "╮", row: rect.row, column: rect.column, style: style, sanitizing: false)
    draw(
      "╰" + horizontal + "╯", row: rect.bottom - 1, column: rect.column, style: style,
      sanitizing: false)
    for row in rect.row + 1..<rect.bottom - 1 {
      draw("│", row: row, column: rect.column, style: style, sanitizing: false)
      draw("│", row: row, column: rect.column + rect.width - 1, style: style, sanitizing: false)
    }
    if let title, inner > 2 {
      draw(
        " " + title.terminalSafe + " ", row: rect.row, column: rect.column + 1, width: inner,
        style: .header, sanitizing: false)
    }
    return rect.inset(rows: 1, columns: 1)
  }

  /// A rectangle of at most `width`×`height` centered in `area`.
  ///
  /// - Parameters:
  ///   - width: The wanted width.
  ///   - height: The wanted height.
  ///   - area: Where to center it.
  /// - Returns: The centered rectangle, clipped to `area`.
  public static func centered(width: Int, height: Int, in area: Rect) -> Rect {
    let width = Swift.min(width, area.width)
    let height = Swift.min(height, area.height)
    return Rect(
      row: area.row + (area.height - height) / 2, column: area.column + (area.width - width) / 2,
      width: width, height: height)
  }
}
