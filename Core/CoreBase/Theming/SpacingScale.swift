/// Spacing steps in points, from `xxs` to `xxl`; `md` is 12 pt in the regular scale.
///
/// In a terminal, spacing becomes whole character cells with ``cells(_:axis:)``:
/// a cell counts as 8 pt wide and 16 pt tall, and a value is rounded to the nearest
/// cell, halves up. The regular scale therefore maps to:
///
/// | step | points | columns | rows |
/// |------|-------:|--------:|-----:|
/// | xxs  | 2      | 0       | 0    |
/// | xs   | 4      | 1       | 0    |
/// | sm   | 8      | 1       | 1    |
/// | md   | 12     | 2       | 1    |
/// | lg   | 16     | 2       | 1    |
/// | xl   | 24     | 3       | 2    |
/// | xxl  | 32     | 4       | 2    |
public struct SpacingScale: Sendable, Hashable {
  /// The smallest step.
  public var xxs: Double
  /// An extra-small step.
  public var xs: Double
  /// A small step.
  public var sm: Double
  /// The default step between related items.
  public var md: Double
  /// A large step.
  public var lg: Double
  /// An extra-large step.
  public var xl: Double
  /// The largest step, between sections.
  public var xxl: Double

  /// A direction on a character grid.
  public enum Axis: Sendable, Hashable {
    /// Columns: one cell is 8 pt.
    case horizontal
    /// Rows: one cell is 16 pt.
    case vertical
  }

  /// Points per character cell along each axis.
  public static let pointsPerColumn = 8.0
  /// Points per text row.
  public static let pointsPerRow = 16.0

  /// Creates a scale from its steps, in points.
  ///
  /// - Parameters:
  ///   - xxs: The smallest step.
  ///   - xs: Extra small.
  ///   - sm: Small.
  ///   - md: Medium.
  ///   - lg: Large.
  ///   - xl: Extra large.
  ///   - xxl: The largest step.
  public init(
    xxs: Double, xs: Double, sm: Double, md: Double, lg: Double, xl: Double, xxl: Double
  ) {
    self.xxs = xxs
    self.xs = xs
    self.sm = sm
    self.md = md
    self.lg = lg
    self.xl = xl
    self.xxl = xxl
  }

  /// The scale for a density: compact md 8, regular md 12, spacious md 16.
  ///
  /// - Parameter density: How tightly to pack content.
  public init(density: Density) {
    switch density {
    case .compact: self.init(xxs: 2, xs: 4, sm: 6, md: 8, lg: 12, xl: 16, xxl: 24)
    case .regular: self.init(xxs: 2, xs: 4, sm: 8, md: 12, lg: 16, xl: 24, xxl: 32)
    case .spacious: self.init(xxs: 4, xs: 6, sm: 12, md: 16, lg: 24, xl: 32, xxl: 48)
    }
  }

  /// The regular scale.
  public static let regular = SpacingScale(density: .regular)

  /// The number of whole character cells for `points` along `axis`.
  ///
  /// - Parameters:
  ///   - points: A length in points; negative counts as zero.
  ///   - axis: Columns (8 pt each) or rows (16 pt each).
  /// - Returns: `points / cell size`, rounded to nearest, halves up.
  public static func cells(_ points: Double, axis: Axis) -> Int {
    let size = axis == .horizontal ? pointsPerColumn : pointsPerRow
    guard points > 0, points.isFinite else { return 0 }
    return Int((points / size + 0.5).rounded(.down))
  }
}

// MARK: - Codable

extension SpacingScale: Codable {
  private enum CodingKeys: String, CodingKey {
    case xxs, xs, sm, md, lg, xl, xxl
  }

  /// Decodes the steps present; missing ones take ``regular`` values, unknown
  /// fields are ignored.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a step is present but not a number.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let base = SpacingScale.regular
    self.init(
      xxs: try container.decodeIfPresent(Double.self, forKey: .xxs) ?? base.xxs,
      xs: try container.decodeIfPresent(Double.self, forKey: .xs) ?? base.xs,
      sm: try container.decodeIfPresent(Double.self, forKey: .sm) ?? base.sm,
      md: try container.decodeIfPresent(Double.self, forKey: .md) ?? base.md,
      lg: try container.decodeIfPresent(Double.self, forKey: .lg) ?? base.lg,
      xl: try container.decodeIfPresent(Double.self, forKey: .xl) ?? base.xl,
      xxl: try container.decodeIfPresent(Double.self, forKey: .xxl) ?? base.xxl)
  }
}
