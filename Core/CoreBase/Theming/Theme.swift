/// Everything an app draws with: a palette, spacing, radii and density.
///
/// Themes are values: build one from a palette and a density, tweak a role, store
/// it as JSON. Decoding ignores unknown fields and defaults missing ones, so a
/// theme stored by an older or newer version of the app still loads.
///
/// ```swift
/// var palette = Palette.standard
/// palette.accent = try ColorToken(parsing: "#5E5CE6/#7D7AFF")
/// let theme = Theme(palette: palette, density: .compact)
/// theme.spacing.md  // 8
/// ```
public struct Theme: Sendable, Hashable {
  /// The semantic colors.
  public var palette: Palette
  /// The spacing steps.
  public var spacing: SpacingScale
  /// The corner radii.
  public var radius: RadiusScale
  /// The density ``spacing`` was made from.
  public var density: Density

  /// Creates a theme whose spacing follows `density`.
  ///
  /// - Parameters:
  ///   - palette: The semantic colors.
  ///   - density: How tightly to pack content; sets ``spacing``.
  ///   - radius: The corner radii.
  public init(
    palette: Palette = .standard, density: Density = .regular, radius: RadiusScale = .standard
  ) {
    self.init(
      palette: palette, spacing: SpacingScale(density: density), radius: radius, density: density)
  }

  /// Creates a theme with explicit spacing.
  ///
  /// - Parameters:
  ///   - palette: The semantic colors.
  ///   - spacing: The spacing steps.
  ///   - radius: The corner radii.
  ///   - density: The density the spacing stands for.
  public init(palette: Palette, spacing: SpacingScale, radius: RadiusScale, density: Density) {
    self.palette = palette
    self.spacing = spacing
    self.radius = radius
    self.density = density
  }

  /// The kit's theme: the standard palette, regular density, standard radii.
  public static let `default` = Theme()
}

// MARK: - Codable

extension Theme: Codable {
  private enum CodingKeys: String, CodingKey {
    case palette, spacing, radius, density
  }

  /// Decodes the parts present; a missing part takes its default (spacing follows
  /// the decoded density), unknown fields are ignored.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a part is present but malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let density = try container.decodeIfPresent(Density.self, forKey: .density) ?? .regular
    self.init(
      palette: try container.decodeIfPresent(Palette.self, forKey: .palette) ?? .standard,
      spacing: try container.decodeIfPresent(SpacingScale.self, forKey: .spacing)
        ?? SpacingScale(density: density),
      radius: try container.decodeIfPresent(RadiusScale.self, forKey: .radius) ?? .standard,
      density: density)
  }
}
