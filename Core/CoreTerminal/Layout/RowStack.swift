import CoreBase

/// Rows handed out one after another from an area, top down or bottom up: a screen's
/// parts stacked like SwiftUI's `VStack`, without counting rows.
///
/// What is asked for beyond what is left comes back shorter (down to no rows), so a
/// small window loses the rows that do not fit instead of drawing over its neighbours.
///
/// <!-- doc-test: skip a fragment: `area`, `fields`, `frame`, `hint` come from its surroundings -->
/// ```swift
/// var stack = RowStack(area.inset(leading: 2))
/// stack.skip()
/// for field in fields { frame.draw(field.label, in: stack.next()) }
/// frame.draw(hint, in: stack.last(), style: .secondary)
/// ```
public struct RowStack: Sendable, Hashable {
  /// What has not been handed out yet.
  public private(set) var remaining: Rect

  /// Creates a stack over an area.
  ///
  /// - Parameter area: The rows to hand out.
  public init(_ area: Rect) { remaining = area }

  /// The number of rows left.
  public var height: Int { remaining.height }

  /// Takes rows from the top.
  ///
  /// - Parameter rows: How many (1 by default).
  /// - Returns: The rows, fewer (or none) when not that many are left.
  @discardableResult
  public mutating func next(_ rows: Int = 1) -> Rect {
    let taken = Swift.max(0, Swift.min(rows, remaining.height))
    let part = Rect(
      row: remaining.row, column: remaining.column, width: remaining.width, height: taken)
    remaining = remaining.inset(top: taken)
    return part
  }

  /// Takes rows from the bottom.
  ///
  /// - Parameter rows: How many (1 by default).
  /// - Returns: The rows, fewer (or none) when not that many are left.
  @discardableResult
  public mutating func last(_ rows: Int = 1) -> Rect {
    let taken = Swift.max(0, Swift.min(rows, remaining.height))
    remaining = remaining.inset(bottom: taken)
    return Rect(
      row: remaining.bottom, column: remaining.column, width: remaining.width, height: taken)
  }

  /// Leaves rows at the top empty.
  ///
  /// - Parameter rows: How many (1 by default).
  public mutating func skip(_ rows: Int = 1) { next(rows) }
}
