/// Corner radii in points.
///
/// A terminal has no radii; the renderer draws rounded box corners (`╭╮╰╯`) for a
/// radius of ``small`` or more and square ones otherwise.
public struct RadiusScale: Sendable, Hashable {
  /// Small controls: tags, checkboxes.
  public var small: Double
  /// Buttons and fields.
  public var medium: Double
  /// Cards and sheets.
  public var large: Double

  /// Creates a scale from its radii, in points.
  ///
  /// - Parameters:
  ///   - small: Small controls.
  ///   - medium: Buttons and fields.
  ///   - large: Cards and sheets.
  public init(small: Double, medium: Double, large: Double) {
    self.small = small
    self.medium = medium
    self.large = large
  }

  /// 4, 8 and 12 pt.
  public static let standard = RadiusScale(small: 4, medium: 8, large: 12)
}

// MARK: - Codable

extension RadiusScale: Codable {
  private enum CodingKeys: String, CodingKey {
    case small, medium, large
  }

  /// Decodes the radii present; missing ones take ``standard`` values, unknown
  /// fields are ignored.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a radius is present but not a number.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let base = RadiusScale.standard
    self.init(
      small: try container.decodeIfPresent(Double.self, forKey: .small) ?? base.small,
      medium: try container.decodeIfPresent(Double.self, forKey: .medium) ?? base.medium,
      large: try container.decodeIfPresent(Double.self, forKey: .large) ?? base.large)
  }
}
