import CoreBase

extension Rect {
  /// The column right of the rectangle.
  public var trailing: Int { column + width }

  /// One row of the rectangle, counted from its top; empty when `index` is outside it.
  ///
  /// <!-- doc-test: skip a fragment: `lines`, `frame`, `area` come from its surroundings -->
  /// ```swift
  /// for (index, line) in lines.enumerated() { frame.draw(line, in: area.line(index)) }
  /// ```
  ///
  /// - Parameter index: Zero-based, from the top.
  /// - Returns: A rectangle one row high (none high outside the rectangle).
  public func line(_ index: Int) -> Rect {
    let isInside = index >= 0 && index < height
    return Rect(
      row: isInside ? row + index : bottom, column: column, width: width,
      height: isInside ? 1 : 0)
  }

  /// This rectangle with `top`, `leading`, `bottom` and `trailing` cells taken off its
  /// edges; never negative in size, and never outside the original.
  ///
  /// - Parameters:
  ///   - top: Rows taken off the top.
  ///   - leading: Columns taken off the left.
  ///   - bottom: Rows taken off the bottom.
  ///   - trailing: Columns taken off the right.
  /// - Returns: The inner rectangle.
  public func inset(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) -> Rect {
    let top = Swift.min(Swift.max(0, top), height)
    let leading = Swift.min(Swift.max(0, leading), width)
    return Rect(
      row: row + top, column: column + leading,
      width: width - leading - Swift.max(0, trailing), height: height - top - Swift.max(0, bottom))
  }

  /// The leftmost `count` columns (all of them when narrower).
  ///
  /// - Parameter count: The columns wanted.
  /// - Returns: A rectangle of the same height.
  public func leadingColumns(_ count: Int) -> Rect {
    Rect(row: row, column: column, width: Swift.min(count, width), height: height)
  }

  /// The rightmost `count` columns (all of them when narrower).
  ///
  /// - Parameter count: The columns wanted.
  /// - Returns: A rectangle of the same height.
  public func trailingColumns(_ count: Int) -> Rect {
    let taken = Swift.max(0, Swift.min(count, width))
    return Rect(row: row, column: trailing - taken, width: taken, height: height)
  }
}
