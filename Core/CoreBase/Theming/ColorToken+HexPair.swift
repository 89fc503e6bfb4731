extension ColorToken {
  /// Creates a token from a light and an optional dark hex color, as
  /// SwiftUIBlueprint's README does; nil when either is not a color.
  ///
  /// <!-- doc-test: context
  /// var theme = Theme.default
  /// -->
  /// ```swift
  /// theme.palette.accent = ColorToken(hexString: "#5E5CE6", darkHexString: "#7D7AFF")!
  /// ```
  ///
  /// - Parameters:
  ///   - hexString: The light color: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
  ///   - darkHexString: The dark color; the light one is used in both appearances when
  ///     nil.
  public init?(hexString: String, darkHexString: String? = nil) {
    guard let light = try? RGBA(parsing: hexString) else { return nil }
    guard let darkHexString else {
      self.init(light)
      return
    }
    guard let dark = try? RGBA(parsing: darkHexString) else { return nil }
    self.init(light: light, dark: dark)
  }
}
