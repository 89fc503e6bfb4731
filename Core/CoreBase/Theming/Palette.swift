/// The semantic colors of a theme, one ``ColorToken`` per role.
///
/// Code asks for a role (`palette.accent`), never for a literal color, so a theme
/// can be swapped or overridden role by role (`palette[.accent] = token`).
/// Decoding ignores unknown fields and takes ``standard`` values for missing roles,
/// so a stored palette survives new roles being added.
public struct Palette: Sendable, Hashable {
  /// The window or screen background.
  public var background: ColorToken
  /// Raised areas drawn on the background: cards, bars, selected rows.
  public var surface: ColorToken
  /// Body text.
  public var text: ColorToken
  /// Less important text: captions, timestamps, hints.
  public var secondaryText: ColorToken
  /// The brand or interaction color: links, focus, selection.
  public var accent: ColorToken
  /// Something succeeded or is done.
  public var success: ColorToken
  /// Something needs attention.
  public var warning: ColorToken
  /// Something failed or is destructive.
  public var danger: ColorToken
  /// Hairlines and borders between areas.
  public var separator: ColorToken

  /// The name of each role, as used in JSON and settings.
  public enum Role: String, Sendable, Hashable, CaseIterable, Codable {
    /// ``Palette/background``.
    case background
    /// ``Palette/surface``.
    case surface
    /// ``Palette/text``.
    case text
    /// ``Palette/secondaryText``.
    case secondaryText
    /// ``Palette/accent``.
    case accent
    /// ``Palette/success``.
    case success
    /// ``Palette/warning``.
    case warning
    /// ``Palette/danger``.
    case danger
    /// ``Palette/separator``.
    case separator

    var keyPath: WritableKeyPath<Palette, ColorToken> {
      switch self {
      case .background: \.background
      case .surface: \.surface
      case .text: \.text
      case .secondaryText: \.secondaryText
      case .accent: \.accent
      case .success: \.success
      case .warning: \.warning
      case .danger: \.danger
      case .separator: \.separator
      }
    }
  }

  /// Creates a palette from a token per role.
  ///
  /// - Parameters:
  ///   - background: The screen background.
  ///   - surface: Raised areas.
  ///   - text: Body text.
  ///   - secondaryText: Less important text.
  ///   - accent: The interaction color.
  ///   - success: Success.
  ///   - warning: Attention.
  ///   - danger: Failure and destructive actions.
  ///   - separator: Borders.
  public init(
    background: ColorToken, surface: ColorToken, text: ColorToken, secondaryText: ColorToken,
    accent: ColorToken, success: ColorToken, warning: ColorToken, danger: ColorToken,
    separator: ColorToken
  ) {
    self.background = background
    self.surface = surface
    self.text = text
    self.secondaryText = secondaryText
    self.accent = accent
    self.success = success
    self.warning = warning
    self.danger = danger
    self.separator = separator
  }

  /// The token for `role`.
  ///
  /// - Parameter role: The semantic role.
  public subscript(role: Role) -> ColorToken {
    get { self[keyPath: role.keyPath] }
    set { self[keyPath: role.keyPath] = newValue }
  }

  /// The kit's palette: neutral greys, an indigo accent, every text role at least
  /// 4.5:1 on the background in both appearances.
  public static let standard = Palette(
    background: .pair("#FFFFFF", "#121214"),
    surface: .pair("#F2F2F7", "#1F1F24"),
    text: .pair("#1C1C1E", "#F2F2F7"),
    secondaryText: .pair("#5C5C63", "#A1A1AA"),
    accent: .pair("#4B49D6", "#8A88FF"),
    success: .pair("#1E7A34", "#32D74B"),
    warning: .pair("#8A5300", "#FFD60A"),
    danger: .pair("#C02626", "#FF6B61"),
    separator: .pair("#D1D1D6", "#3A3A40")
  )
}

extension ColorToken {
  /// A token from two hex literals known to be valid; black where one is not.
  fileprivate static func pair(_ light: String, _ dark: String) -> ColorToken {
    ColorToken(light: RGBA(hex: light) ?? .black, dark: RGBA(hex: dark) ?? .black)
  }
}

// MARK: - Codable

extension Palette: Codable {
  private struct RoleKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes the roles present; missing roles take ``standard`` values, unknown
  /// fields are ignored.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a role is present but not a color.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: RoleKey.self)
    var palette = Palette.standard
    for role in Role.allCases {
      if let token = try container.decodeIfPresent(
        ColorToken.self, forKey: RoleKey(stringValue: role.rawValue))
      {
        palette[role] = token
      }
    }
    self = palette
  }

  /// Encodes every role.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: RoleKey.self)
    for role in Role.allCases {
      try container.encode(self[role], forKey: RoleKey(stringValue: role.rawValue))
    }
  }
}
