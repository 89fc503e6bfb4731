/// One opaque-or-translucent sRGB color with 8-bit channels.
///
/// `RGBA` is what a ``ColorToken`` resolves to for one ``Appearance``. It parses
/// and formats CSS-style hex strings and encodes as one (`"#5E5CE6"`).
///
/// ```swift
/// let accent = try RGBA(parsing: "#5E5CE6")
/// accent.hex  // "#5E5CE6"
/// ```
public struct RGBA: Sendable, Hashable {
  /// The red channel, 0–255.
  public var red: UInt8
  /// The green channel, 0–255.
  public var green: UInt8
  /// The blue channel, 0–255.
  public var blue: UInt8
  /// The alpha channel, 0 (transparent) – 255 (opaque).
  public var alpha: UInt8

  /// Creates a color from its channels.
  ///
  /// - Parameters:
  ///   - red: The red channel.
  ///   - green: The green channel.
  ///   - blue: The blue channel.
  ///   - alpha: The alpha channel; opaque by default.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opaque black.
  public static let black = RGBA(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = RGBA(red: 255, green: 255, blue: 255)

  /// The color as `#RRGGBB`, or `#RRGGBBAA` when it is not opaque; upper case.
  public var hex: String {
    var text = "#" + Self.hexByte(red) + Self.hexByte(green) + Self.hexByte(blue)
    if alpha != 255 { text += Self.hexByte(alpha) }
    return text
  }

  /// The color with `alpha` blended over an opaque `background`.
  ///
  /// - Parameter background: The color underneath; its own alpha is ignored.
  /// - Returns: An opaque color.
  public func composited(over background: RGBA) -> RGBA {
    guard alpha != 255 else { return self }
    let opacity = Double(alpha) / 255
    func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
      UInt8((Double(top) * opacity + Double(bottom) * (1 - opacity)).rounded())
    }
    return RGBA(
      red: mix(red, background.red), green: mix(green, background.green),
      blue: mix(blue, background.blue))
  }

  private static let digits = Array("0123456789ABCDEF")

  private static func hexByte(_ value: UInt8) -> String {
    String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
  }
}

// MARK: - Parsing

extension RGBA {
  /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`; the `#` is optional, any case.
  ///
  /// - Parameter text: The hex string.
  /// - Throws: ``ColorParseError`` saying exactly what is wrong with `text`.
  public init(parsing text: String) throws(ColorParseError) {
    let trimmed = text.trimmingSpaces
    let body = trimmed.hasPrefix("#") ? trimmed.dropFirst() : Substring(trimmed)
    var nibbles: [UInt8] = []
    nibbles.reserveCapacity(8)
    for character in body {
      guard let value = character.hexDigitValue, character.isASCII else {
        throw ColorParseError(input: text, problem: .notHex(character))
      }
      nibbles.append(UInt8(value))
    }
    switch nibbles.count {
    case 0:
      throw ColorParseError(input: text, problem: .empty)
    case 3, 4:
      let expanded = nibbles.map { $0 << 4 | $0 }
      self.init(
        red: expanded[0], green: expanded[1], blue: expanded[2],
        alpha: nibbles.count == 4 ? expanded[3] : 255)
    case 6, 8:
      let bytes = stride(from: 0, to: nibbles.count, by: 2).map {
        nibbles[$0] << 4 | nibbles[$0 + 1]
      }
      self.init(
        red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    default:
      throw ColorParseError(input: text, problem: .digitCount(nibbles.count))
    }
  }

  /// Parses a hex color, or returns `nil` when `text` is not one.
  ///
  /// - Parameter hex: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`; the `#` is optional.
  public init?(hex: String) {
    guard let color = try? RGBA(parsing: hex) else { return nil }
    self = color
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  var trimmingSpaces: Substring {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}

extension Substring {
  /// The substring without leading and trailing spaces and tabs.
  var trimmingSpaces: Substring { String(self).trimmingSpaces }
}

// MARK: - Codable

extension RGBA: Codable {
  /// Decodes a hex string such as `"#5E5CE6"`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when the string is not a hex color.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try RGBA(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }

  /// Encodes the color as its ``hex`` string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(hex)
  }
}
