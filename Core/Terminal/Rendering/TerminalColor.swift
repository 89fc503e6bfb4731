public import Core

/// A color as a terminal can show it: default, one of 16, one of 256, or 24-bit.
///
/// ``parameters(as:)`` gives the SGR parameters (`"38;5;99"`), ``sequence(as:)``
/// the whole escape sequence (`"\u{1B}[38;5;99m"`). Both are cheap; a renderer
/// may still cache them per style.
public enum TerminalColor: Sendable, Hashable {
  /// No color: the terminal's own foreground or background.
  case `default`
  /// One of the 16 ANSI colors: 0–7 normal, 8–15 bright.
  case ansi16(UInt8)
  /// An index into the xterm 256-color palette.
  case ansi256(UInt8)
  /// A 24-bit color.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)

  /// Which side of a character a color paints.
  public enum Layer: Sendable, Hashable {
    /// The glyph.
    case foreground
    /// The cell behind the glyph.
    case background
  }

  /// `color` as well as `capability` can show it.
  ///
  /// - Parameters:
  ///   - color: The color; alpha is ignored.
  ///   - capability: What the output supports.
  public init(_ color: RGBA, capability: ColorCapability) {
    switch capability {
    case .none: self = .default
    case .ansi16: self = .ansi16(TerminalColor.nearestANSI16(color))
    case .ansi256: self = .ansi256(TerminalColor.nearestXterm256(color))
    case .trueColor: self = .rgb(red: color.red, green: color.green, blue: color.blue)
    }
  }

  /// The SGR parameters selecting this color, e.g. `"31"`, `"48;5;17"`, `"38;2;1;2;3"`.
  ///
  /// - Parameter layer: Foreground or background.
  /// - Returns: The parameters; `"39"`/`"49"` (reset to default) for ``default``.
  public func parameters(as layer: Layer) -> String {
    let isForeground = layer == .foreground
    switch self {
    case .default:
      return isForeground ? "39" : "49"
    case .ansi16(let index):
      let base = (isForeground ? 30 : 40) + (index >= 8 ? 60 : 0)
      return String(base + Int(index % 8))
    case .ansi256(let index):
      return (isForeground ? "38;5;" : "48;5;") + String(index)
    case .rgb(let red, let green, let blue):
      return (isForeground ? "38;2;" : "48;2;") + "\(red);\(green);\(blue)"
    }
  }

  /// The escape sequence `ESC [ parameters m`.
  ///
  /// - Parameter layer: Foreground or background.
  /// - Returns: The sequence to write before the text.
  public func sequence(as layer: Layer) -> String {
    "\u{1B}[" + parameters(as: layer) + "m"
  }
}

// MARK: - Nearest palette entries

extension TerminalColor {
  /// The channel values of the 6×6×6 cube (indices 16–231).
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The xterm default values of the 16 ANSI colors.
  static let ansi16Palette: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The nearest xterm-256 index: the closer of the nearest 6×6×6 cube color and the
  /// nearest of the 24 greys (232–255), by squared RGB distance. Indices 0–15 are
  /// never chosen because terminals theme them.
  ///
  /// - Parameter color: The color; alpha is ignored.
  /// - Returns: An index in 16…255.
  public static func nearestXterm256(_ color: RGBA) -> UInt8 {
    let channels = [Int(color.red), Int(color.green), Int(color.blue)]
    let cube = channels.map(nearestCubeIndex)
    let cubeColor = (cubeLevels[cube[0]], cubeLevels[cube[1]], cubeLevels[cube[2]])
    let average = (channels[0] + channels[1] + channels[2]) / 3
    let greyIndex = min(23, max(0, (average - 3) / 10))
    let greyValue = 8 + 10 * greyIndex
    let cubeDistance = distance(channels, cubeColor)
    let greyDistance = distance(channels, (greyValue, greyValue, greyValue))
    if greyDistance < cubeDistance { return UInt8(232 + greyIndex) }
    return UInt8(16 + 36 * cube[0] + 6 * cube[1] + cube[2])
  }

  /// The nearest of the 16 ANSI colors (xterm defaults) by squared RGB distance.
  ///
  /// - Parameter color: The color; alpha is ignored.
  /// - Returns: An index in 0…15.
  public static func nearestANSI16(_ color: RGBA) -> UInt8 {
    let channels = [Int(color.red), Int(color.green), Int(color.blue)]
    var best = 0
    var bestDistance = Int.max
    for (index, entry) in ansi16Palette.enumerated() {
      let value = distance(channels, entry)
      if value < bestDistance {
        best = index
        bestDistance = value
      }
    }
    return UInt8(best)
  }

  private static func nearestCubeIndex(_ value: Int) -> Int {
    if value < 48 { return 0 }
    if value < 115 { return 1 }
    return min(5, (value - 35) / 40)
  }

  private static func distance(_ channels: [Int], _ other: (Int, Int, Int)) -> Int {
    let red = channels[0] - other.0
    let green = channels[1] - other.1
    let blue = channels[2] - other.2
    return red * red + green * green + blue * blue
  }
}

// MARK: - Tokens

extension ColorToken {
  /// This token as a terminal color for a capability and appearance.
  ///
  /// - Parameters:
  ///   - capability: What the output supports.
  ///   - appearance: Light or dark; `system` counts as dark.
  /// - Returns: The color to emit; ``TerminalColor/default`` when capability is none.
  public func terminalColor(for capability: ColorCapability, appearance: Appearance)
    -> TerminalColor
  {
    TerminalColor(resolved(for: appearance), capability: capability)
  }

  /// The escape sequence that paints this token, or `""` when capability is none.
  ///
  /// - Parameters:
  ///   - layer: Foreground or background.
  ///   - capability: What the output supports.
  ///   - appearance: Light or dark; `system` counts as dark.
  /// - Returns: e.g. `"\u{1B}[38;2;94;92;230m"`; empty for ``ColorCapability/none``.
  public func sgrSequence(
    _ layer: TerminalColor.Layer, capability: ColorCapability, appearance: Appearance
  ) -> String {
    guard capability != .none else { return "" }
    return terminalColor(for: capability, appearance: appearance).sequence(as: layer)
  }
}
