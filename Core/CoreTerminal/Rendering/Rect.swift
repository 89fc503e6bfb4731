import CoreBase

/// A rectangle of cells: where a component draws.
public struct Rect: Sendable, Hashable {
  /// The top row, zero-based.
  public var row: Int
  /// The left column, zero-based.
  public var column: Int
  /// Width in cells.
  public var width: Int
  /// Height in rows.
  public var height: Int

  /// Creates a rectangle.
  ///
  /// - Parameters:
  ///   - row: The top row.
  ///   - column: The left column.
  ///   - width: Width in cells (negative counts as 0).
  ///   - height: Height in rows (negative counts as 0).
  public init(row: Int, column: Int, width: Int, height: Int) {
    self.row = row
    self.column = column
    self.width = Swift.max(0, width)
    self.height = Swift.max(0, height)
  }

  /// The row below the rectangle.
  public var bottom: Int { row + height }

  /// This rectangle shrunk by `rows` at the top and bottom and `columns` at each side.
  ///
  /// - Parameters:
  ///   - rows: Rows removed at the top and at the bottom.
  ///   - columns: Columns removed at the left and at the right.
  /// - Returns: The inner rectangle.
  public func inset(rows: Int, columns: Int) -> Rect {
    Rect(
      row: row + rows, column: column + columns, width: width - 2 * columns,
      height: height - 2 * rows)
  }
}
