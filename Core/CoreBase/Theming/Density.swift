/// How tightly a theme packs its content.
///
/// The settings app stores it; ``SpacingScale/init(density:)`` turns it into spacing.
public enum Density: String, Sendable, Hashable, Codable, CaseIterable {
  /// Less space between things: more rows on a screen.
  case compact
  /// The standard spacing.
  case regular
  /// More space between things.
  case spacious
}
