import CoreBase

/// A rectangle split into areas that the caller names, the way Ratatui destructures
/// `let [header, content, footer] = area.layout(&layout)`:
///
/// <!-- doc-test: skip a fragment: `area` comes from its surroundings -->
/// ```swift
/// let (header, content, footer) = area.rows(.fixed(1), .fill(), .fixed(1))
/// let (label, input) = footer.columns(.fixed(8), .minimum(2), spacing: 1)
/// ```
///
/// One overload per count, from two to five areas, so the tuple has exactly as many
/// rectangles as there are constraints and no area is read by index. The areas are
/// ``Layout``'s: in order, each inside the rectangle, sized as ``LayoutConstraint``
/// says. For a count known only at run time, ``Layout/split(_:)`` returns an array.
extension Rect {
  /// Two rows, top to bottom.
  ///
  /// - Parameters:
  ///   - first: The top row's constraint.
  ///   - second: The bottom row's constraint.
  ///   - spacing: Rows left empty between neighbouring areas.
  /// - Returns: The areas, in order.
  public func rows(
    _ first: LayoutConstraint, _ second: LayoutConstraint, spacing: Int = 0
  ) -> (Rect, Rect) {
    let areas = Layout(.vertical, [first, second], spacing: spacing).split(self)
    return (areas[0], areas[1])
  }

  /// Three rows, top to bottom: e.g. a header, the content and a footer.
  ///
  /// - Parameters:
  ///   - first: The top row's constraint.
  ///   - second: The next row's constraint.
  ///   - third: The bottom row's constraint.
  ///   - spacing: Rows left empty between neighbouring areas.
  /// - Returns: The areas, in order.
  public func rows(
    _ first: LayoutConstraint, _ second: LayoutConstraint, _ third: LayoutConstraint,
    spacing: Int = 0
  ) -> (Rect, Rect, Rect) {
    let areas = Layout(.vertical, [first, second, third], spacing: spacing).split(self)
    return (areas[0], areas[1], areas[2])
  }

  /// Four rows, top to bottom.
  ///
  /// - Parameters:
  ///   - first: The top row's constraint.
  ///   - second: The second row's constraint.
  ///   - third: The third row's constraint.
  ///   - fourth: The bottom row's constraint.
  ///   - spacing: Rows left empty between neighbouring areas.
  /// - Returns: The areas, in order.
  public func rows(
    _ first: LayoutConstraint, _ second: LayoutConstraint, _ third: LayoutConstraint,
    _ fourth: LayoutConstraint, spacing: Int = 0
  ) -> (Rect, Rect, Rect, Rect) {
    let areas = Layout(.vertical, [first, second, third, fourth], spacing: spacing).split(self)
    return (areas[0], areas[1], areas[2], areas[3])
  }

  /// Five rows, top to bottom.
  ///
  /// - Parameters:
  ///   - first: The top row's constraint.
  ///   - second: The second row's constraint.
  ///   - third: The third row's constraint.
  ///   - fourth: The fourth row's constraint.
  ///   - fifth: The bottom row's constraint.
  ///   - spacing: Rows left empty between neighbouring areas.
  /// - Returns: The areas, in order.
  public func rows(
    _ first: LayoutConstraint, _ second: LayoutConstraint, _ third: LayoutConstraint,
    _ fourth: LayoutConstraint, _ fifth: LayoutConstraint, spacing: Int = 0
  ) -> (Rect, Rect, Rect, Rect, Rect) {
    let areas = Layout(.vertical, [first, second, third, fourth, fifth], spacing: spacing)
      .split(self)
    return (areas[0], areas[1], areas[2], areas[3], areas[4])
  }

  /// Two columns, left to right: e.g. a label and its field.
  ///
  /// - Parameters:
  ///   - first: The left column's constraint.
  ///   - second: The right column's constraint.
  ///   - spacing: Columns left empty between neighbouring areas.
  /// - Returns: The areas, in order.
  public func columns(
    _ first: LayoutConstraint, _ second: LayoutConstraint, spacing: Int = 0
  ) -> (Rect, Rect) {
    let areas = Layout(.horizontal, [first, second], spacing: spacing).split(self)
    return (areas[0], areas[1])
  }

  /// Three columns, left to right.
  ///
  /// - Parameters:
  ///   - first: The left column's constraint.
  ///   - second: The middle column's constraint.
  ///   - third: The right column's constraint.
  ///   - spacing: Columns left empty between neighbouring areas.
  /// - Returns: The areas, in order.
  public func columns(
    _ first: LayoutConstraint, _ second: LayoutConstraint, _ third: LayoutConstraint,
    spacing: Int = 0
  ) -> (Rect, Rect, Rect) {
    let areas = Layout(.horizontal, [first, second, third], spacing: spacing).split(self)
    return (areas[0], areas[1], areas[2])
  }

  /// Four columns, left to right.
  ///
  /// - Parameters:
  ///   - first: The left column's constraint.
  ///   - second: The second column's constraint.
  ///   - third: The third column's constraint.
  ///   - fourth: The right column's constraint.
  ///   - spacing: Columns left empty between neighbouring areas.
  /// - Returns: The areas, in order.
  public func columns(
    _ first: LayoutConstraint, _ second: LayoutConstraint, _ third: LayoutConstraint,
    _ fourth: LayoutConstraint, spacing: Int = 0
  ) -> (Rect, Rect, Rect, Rect) {
    let areas = Layout(.horizontal, [first, second, third, fourth], spacing: spacing)
      .split(self)
    return (areas[0], areas[1], areas[2], areas[3])
  }

  /// Five columns, left to right.
  ///
  /// - Parameters:
  ///   - first: The left column's constraint.
  ///   - second: The second column's constraint.
  ///   - third: The third column's constraint.
  ///   - fourth: The fourth column's constraint.
  ///   - fifth: The right column's constraint.
  ///   - spacing: Columns left empty between neighbouring areas.
  /// - Returns: The areas, in order.
  public func columns(
    _ first: LayoutConstraint, _ second: LayoutConstraint, _ third: LayoutConstraint,
    _ fourth: LayoutConstraint, _ fifth: LayoutConstraint, spacing: Int = 0
  ) -> (Rect, Rect, Rect, Rect, Rect) {
    let areas = Layout(.horizontal, [first, second, third, fourth, fifth], spacing: spacing)
      .split(self)
    return (areas[0], areas[1], areas[2], areas[3], areas[4])
  }
}
