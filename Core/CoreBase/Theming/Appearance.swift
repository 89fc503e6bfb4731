/// Whether colors are chosen for a light or a dark background.
///
/// `system` follows the environment: in a terminal, ``resolved(environment:)``
/// reads `COLORFGBG` (set by rxvt, Konsole, iTerm2 and others) and falls back to
/// `dark`, the common terminal default.
public enum Appearance: String, Sendable, Hashable, Codable, CaseIterable {
  /// Dark text on a light background.
  case light
  /// Light text on a dark background.
  case dark
  /// Whatever the system or terminal uses.
  case system

  /// The concrete appearance: `light` or `dark`, never `system`.
  ///
  /// `COLORFGBG` is `FG;BG` or `FG;OTHER;BG` with ANSI color numbers; a background
  /// of 0–6 or 8 is dark, 7 or 9–15 is light. A missing or unreadable value means dark.
  ///
  /// - Parameter environment: The process environment, e.g.
  ///   `ProcessInfo.processInfo.environment`.
  /// - Returns: `self` when it is `light` or `dark`; otherwise the terminal's appearance.
  public func resolved(environment: [String: String]) -> Appearance {
    switch self {
    case .light, .dark: return self
    case .system: return Self.fromColorFGBG(environment["COLORFGBG"])
    }
  }

  private static func fromColorFGBG(_ value: String?) -> Appearance {
    guard let value, let last = value.split(separator: ";").last,
      let background = Int(last), (0...15).contains(background)
    else { return .dark }
    return background <= 6 || background == 8 ? .dark : .light
  }
}
