/// A design color with a value for light and one for dark appearance.
///
/// Parse one from a hex string or a `LIGHT/DARK` pair, resolve it for an
/// ``Appearance``, and store it as JSON: a single string when both values are equal,
/// else `{"dark":"#7D7AFF","light":"#5E5CE6"}`.
///
/// ```swift
/// let accent = try ColorToken(parsing: "#5E5CE6/#7D7AFF")
/// accent.resolved(for: .dark).hex  // "#7D7AFF"
/// ColorToken(hex: "#fff")          // same color in both appearances
/// ```
public struct ColorToken: Sendable, Hashable {
  /// The color on a light background.
  public var light: RGBA
  /// The color on a dark background.
  public var dark: RGBA

  /// Creates a token from its two colors.
  ///
  /// - Parameters:
  ///   - light: The color for ``Appearance/light``.
  ///   - dark: The color for ``Appearance/dark``.
  public init(light: RGBA, dark: RGBA) {
    self.light = light
    self.dark = dark
  }

  /// Creates a token that is the same color in both appearances.
  ///
  /// - Parameter color: The color.
  public init(_ color: RGBA) {
    self.init(light: color, dark: color)
  }

  /// Parses one hex color (used for both appearances) or a `LIGHT/DARK` pair.
  ///
  /// Each color is `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`, `#` optional, any case;
  /// spaces around the `/` are allowed.
  ///
  /// - Parameter text: e.g. `#5E5CE6` or `#5E5CE6/#7D7AFF`.
  /// - Throws: ``ColorParseError`` naming the part that is wrong.
  public init(parsing text: String) throws(ColorParseError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    switch parts.count {
    case 1:
      self.init(try RGBA(parsing: text))
    case 2:
      self.init(
        light: try RGBA(parsing: String(parts[0].trimmingSpaces)),
        dark: try RGBA(parsing: String(parts[1].trimmingSpaces)))
    default:
      throw ColorParseError(input: text, problem: .partCount(parts.count))
    }
  }

  /// Parses like ``init(parsing:)``, or returns `nil` when `hex` is not a color.
  ///
  /// - Parameter hex: One hex color or a `LIGHT/DARK` pair.
  public init?(hex: String) {
    guard let token = try? ColorToken(parsing: hex) else { return nil }
    self = token
  }

  /// The color for `appearance`; `system` counts as dark (resolve it first with
  /// ``Appearance/resolved(environment:)`` where the environment is known).
  ///
  /// - Parameter appearance: The appearance to draw in.
  /// - Returns: ``light`` or ``dark``.
  public func resolved(for appearance: Appearance) -> RGBA {
    appearance == .light ? light : dark
  }

  /// The token as text: `#RRGGBB` when both colors are equal, else `LIGHT/DARK`.
  ///
  /// ``init(parsing:)`` reads this back.
  public var hex: String { light == dark ? light.hex : light.hex + "/" + dark.hex }
}

// MARK: - Codable

extension ColorToken: Codable {
  private enum CodingKeys: String, CodingKey {
    case light, dark
  }

  /// Decodes a hex string, a `LIGHT/DARK` string, or `{"light": …, "dark": …}`.
  ///
  /// In the object form a missing `dark` takes the `light` value and vice versa;
  /// unknown fields are ignored.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the value is none of these forms.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.singleValueContainer(),
      let text = try? container.decode(String.self)
    {
      do {
        self = try ColorToken(parsing: text)
      } catch {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
      }
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let light = try container.decodeIfPresent(RGBA.self, forKey: .light)
    let dark = try container.decodeIfPresent(RGBA.self, forKey: .dark)
    guard let either = light ?? dark else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "a color needs 'light' or 'dark'"))
    }
    self.init(light: light ?? either, dark: dark ?? either)
  }

  /// Encodes a single hex string when both colors are equal, else an object.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    if light == dark {
      var container = encoder.singleValueContainer()
      try container.encode(light)
    } else {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(light, forKey: .light)
      try container.encode(dark, forKey: .dark)
    }
  }
}
