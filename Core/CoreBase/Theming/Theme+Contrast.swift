/// A foreground/background pair of a theme below the contrast minimum.
public struct ContrastIssue: Sendable, Hashable, CustomStringConvertible {
  /// The text-like role.
  public var foreground: Palette.Role
  /// The role it is drawn on.
  public var background: Palette.Role
  /// The appearance in which the pair is too weak.
  public var appearance: Appearance
  /// The measured contrast ratio.
  public var ratio: Double

  /// e.g. `secondaryText on surface (dark): 3.9:1`.
  public var description: String {
    let rounded = (ratio * 100).rounded() / 100
    return "\(foreground.rawValue) on \(background.rawValue) (\(appearance.rawValue)): \(rounded):1"
  }
}

extension Theme {
  /// The foreground/background role pairs checked by ``contrastIssues(minimum:)``:
  /// both text roles on background and surface, the status colors and the accent on
  /// the background.
  public static let contrastPairs: [(foreground: Palette.Role, background: Palette.Role)] = [
    (.text, .background), (.text, .surface),
    (.secondaryText, .background), (.secondaryText, .surface),
    (.accent, .background), (.success, .background),
    (.warning, .background), (.danger, .background),
  ]

  /// The text/background pairs whose contrast is below `minimum`, in each appearance.
  ///
  /// - Parameter minimum: The smallest acceptable ratio; WCAG AA body text by default.
  /// - Returns: One issue per weak pair and appearance, light first; empty when all pass.
  public func contrastIssues(minimum: Double = Contrast.minimumTextRatio) -> [ContrastIssue] {
    var issues: [ContrastIssue] = []
    for appearance in [Appearance.light, .dark] {
      for pair in Self.contrastPairs {
        let ratio = Contrast.ratio(
          palette[pair.foreground].resolved(for: appearance),
          on: palette[pair.background].resolved(for: appearance))
        if ratio < minimum {
          issues.append(
            ContrastIssue(
              foreground: pair.foreground, background: pair.background, appearance: appearance,
              ratio: ratio))
        }
      }
    }
    return issues
  }
}
