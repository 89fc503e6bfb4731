import CoreBase

/// Splits a rectangle into rows or columns by constraints: where a screen's parts go,
/// computed once instead of by adding to rows and columns.
///
/// A screen names its areas with ``Rect/rows(_:_:_:spacing:)`` and
/// ``Rect/columns(_:_:spacing:)`` (two to five areas), which share out the length as a
/// layout does:
///
/// <!-- doc-test: skip a fragment: `area`, `frame`, `title`, `list` and more come from its surroundings -->
/// ```swift
/// let (header, content, footer) = area.rows(.fixed(1), .fill(), .fixed(1))
/// frame.draw(title, in: header, style: .secondary)
/// list.render(into: &frame, area: content, count: rows.count) { … }
/// field.render(into: &frame, in: footer)
/// ```
///
/// A layout value is for what those cannot name: a count of areas known only at run
/// time (a column per field the user chose), and the sizes alone (``sizes(for:)``).
/// ``split(_:)`` always returns one rectangle per constraint, in order, each inside the
/// area (empty ones at its far edge when there is no room left); see
/// ``LayoutConstraint`` for how the length is shared.
public struct Layout: Sendable, Hashable {
  /// The direction the areas follow each other in.
  public enum Axis: Sendable, Hashable {
    /// Top to bottom: the areas are rows of the full width.
    case vertical
    /// Left to right: the areas are columns of the full height.
    case horizontal
  }

  /// The direction of the split.
  public var axis: Axis
  /// One constraint per area, in order.
  public var constraints: [LayoutConstraint]
  /// Cells left empty between two neighbouring areas.
  public var spacing: Int

  /// Creates a layout.
  ///
  /// - Parameters:
  ///   - axis: The direction of the split.
  ///   - constraints: One per area.
  ///   - spacing: Cells between neighbouring areas (negative counts as 0).
  public init(_ axis: Axis, _ constraints: [LayoutConstraint], spacing: Int = 0) {
    self.axis = axis
    self.constraints = constraints
    self.spacing = Swift.max(0, spacing)
  }

  /// Areas stacked top to bottom.
  ///
  /// - Parameters:
  ///   - constraints: One per area.
  ///   - spacing: Rows between neighbouring areas.
  /// - Returns: The layout.
  public static func rows(_ constraints: LayoutConstraint..., spacing: Int = 0) -> Layout {
    Layout(.vertical, constraints, spacing: spacing)
  }

  /// Areas side by side, left to right.
  ///
  /// - Parameters:
  ///   - constraints: One per area.
  ///   - spacing: Columns between neighbouring areas.
  /// - Returns: The layout.
  public static func columns(_ constraints: LayoutConstraint..., spacing: Int = 0) -> Layout {
    Layout(.horizontal, constraints, spacing: spacing)
  }

  /// The areas of `area`, one per constraint, in order.
  ///
  /// An array, because a layout's constraints are a value whose count may be known only
  /// at run time; with a fixed count, ``Rect/rows(_:_:_:spacing:)`` and
  /// ``Rect/columns(_:_:spacing:)`` give each area a name instead of an index.
  ///
  /// - Parameter area: The rectangle to split.
  /// - Returns: As many rectangles as there are constraints, none outside `area`.
  public func split(_ area: Rect) -> [Rect] {
    let length = axis == .vertical ? area.height : area.width
    let start = axis == .vertical ? area.row : area.column
    let end = start + length
    var position = start
    var areas: [Rect] = []
    areas.reserveCapacity(constraints.count)
    for size in sizes(for: length) {
      let from = Swift.min(position, end)
      let cells = Swift.min(size, end - from)
      switch axis {
      case .vertical:
        areas.append(Rect(row: from, column: area.column, width: area.width, height: cells))
      case .horizontal:
        areas.append(Rect(row: area.row, column: from, width: cells, height: area.height))
      }
      position = from + cells + spacing
    }
    return areas
  }
}
