public import CoreBase

/// A color a ``TextStyle`` paints with: a role of the theme's palette, or a fixed token.
public enum StyleColor: Sendable, Hashable {
  /// A palette role, resolved through the renderer's theme (`.accent`, `.danger`, …).
  case role(Palette.Role)
  /// A fixed token, whatever the theme.
  case token(ColorToken)
}

/// How a cell is drawn: colors and attributes.
///
/// Colors are palette roles or tokens; the renderer turns them into SGR for the
/// terminal's ``ColorCapability``. With capability `none` (NO_COLOR) colors are left
/// out but attributes stay, so a selection drawn with ``isReversed`` remains visible.
///
/// ```swift
/// let selected = TextStyle(foreground: .role(.accent), isBold: true, isReversed: true)
/// ```
public struct TextStyle: Sendable, Hashable {
  /// The glyph color; nil is the terminal's default.
  public var foreground: StyleColor?
  /// The cell color; nil is the terminal's default.
  public var background: StyleColor?
  /// Bold (SGR 1).
  public var isBold: Bool
  /// Dim (SGR 2).
  public var isDim: Bool
  /// Underlined (SGR 4).
  public var isUnderlined: Bool
  /// Foreground and background swapped (SGR 7).
  public var isReversed: Bool

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - foreground: The glyph color.
  ///   - background: The cell color.
  ///   - isBold: Bold.
  ///   - isDim: Dim.
  ///   - isUnderlined: Underlined.
  ///   - isReversed: Reverse video.
  public init(
    foreground: StyleColor? = nil, background: StyleColor? = nil, isBold: Bool = false,
    isDim: Bool = false, isUnderlined: Bool = false, isReversed: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.isBold = isBold
    self.isDim = isDim
    self.isUnderlined = isUnderlined
    self.isReversed = isReversed
  }

  /// The terminal's default look.
  public static let plain = TextStyle()
  /// Bold text.
  public static let bold = TextStyle(isBold: true)
  /// Secondary text: the palette's secondary text color, dim.
  public static let secondary = TextStyle(foreground: .role(.secondaryText), isDim: true)
  /// The selected row of a list: reversed, accent colored.
  public static let selected = TextStyle(foreground: .role(.accent), isReversed: true)
  /// Headers: bold accent.
  public static let header = TextStyle(foreground: .role(.accent), isBold: true)
  /// Errors: the danger color, bold.
  public static let error = TextStyle(foreground: .role(.danger), isBold: true)

  /// The SGR parameters that select this style from a reset state, e.g. `0;1;38;5;99`.
  ///
  /// - Parameters:
  ///   - theme: Resolves palette roles.
  ///   - capability: Which colors the terminal shows; `none` omits colors only.
  ///   - appearance: Light or dark.
  /// - Returns: The parameters, always starting with `0` (reset).
  public func sgrParameters(
    theme: Theme, capability: ColorCapability, appearance: Appearance
  ) -> String {
    var parameters = "0"
    if isBold { parameters += ";1" }
    if isDim { parameters += ";2" }
    if isUnderlined { parameters += ";4" }
    if isReversed { parameters += ";7" }
    guard capability != .none else { return parameters }
    for (color, layer) in [(foreground, TerminalColor.Layer.foreground), (background, .background)]
    {
      guard let color else { continue }
      let token: ColorToken
      switch color {
      case .role(let role): token = theme.palette[role]
      case .token(let fixed): token = fixed
      }
      parameters +=
        ";"
        + token.terminalColor(for: capability, appearance: appearance)
        .parameters(as: layer)
    }
    return parameters
  }

  /// A short description for style goldens, e.g. `fg=accent bold reverse`.
  public var summary: String {
    var parts: [String] = []
    func describe(_ color: StyleColor) -> String {
      switch color {
      case .role(let role): return role.rawValue
      case .token(let token): return token.hex
      }
    }
    if let foreground { parts.append("fg=" + describe(foreground)) }
    if let background { parts.append("bg=" + describe(background)) }
    if isBold { parts.append("bold") }
    if isDim { parts.append("dim") }
    if isUnderlined { parts.append("underline") }
    if isReversed { parts.append("reverse") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}

extension TextStyle {
  /// The style of a list column's tone: plain, dimmed, or the theme's danger colour.
  ///
  /// - Parameter tone: The tone a `ListColumn` gives an item.
  /// - Returns: The style to draw it in.
  public static func tone(_ tone: ListColumnTone) -> TextStyle {
    switch tone {
    case .plain: .plain
    case .secondary: .secondary
    case .danger: TextStyle(foreground: .role(.danger))
    }
  }
}
