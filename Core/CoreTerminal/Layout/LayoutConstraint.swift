import CoreBase

/// How much of a ``Layout``'s length one of its areas takes.
///
/// A layout first gives each area its base size (a fixed or minimum size, its share of
/// a ratio; a maximum or a fill starts at nothing), then hands out what is left:
/// maximums grow up to their limit first, then fills share the rest by weight (or,
/// when there is no fill, the minimums do). When the base sizes do not fit, ratios
/// give way first, then minimums, then fixed sizes, each from the last area to the
/// first, so a layout's leading fixed rows (a header) are the last thing lost.
///
/// <!-- doc-test: skip a fragment: `area` comes from its surroundings -->
/// ```swift
/// let (header, content, messages) = area.rows(.fixed(1), .fill(), .maximum(3))
/// ```
public enum LayoutConstraint: Sendable, Hashable {
  /// Exactly `n` cells, as long as there is room.
  case fixed(Int)
  /// At least `n` cells; grows into what is left when no area fills.
  case minimum(Int)
  /// Up to `n` cells of what is left, before any fill grows.
  case maximum(Int)
  /// `numerator / denominator` of the length (without spacing), rounded so that
  /// several ratios together lose no cell.
  case ratio(Int, Int)
  /// A share of what is left, in proportion to `weight` among the fills.
  case fill(Int)

  /// A fill of weight 1: the rest of the length, shared equally with other fills.
  public static func fill() -> LayoutConstraint { .fill(1) }
}
