public import CoreBase

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

  /// The nearest xterm-256 index of the same hue family.
  ///
  /// The color's hue family comes first (red, yellow, green, cyan, blue, magenta, or
  /// neutral when it is nearly grey), then nearness: the closest entry of that family
  /// among the 6×6×6 cube (16–231) and the 24 greys (232–255), by squared RGB
  /// distance. A red therefore stays red and a grey stays grey, even where a plain
  /// nearest match would cross over. Indices 0–15 are never chosen because terminals
  /// theme them.
  ///
  /// - Parameter color: The color; alpha is ignored.
  /// - Returns: An index in 16…255.
  public static func nearestXterm256(_ color: RGBA) -> UInt8 {
    let channels = (Int(color.red), Int(color.green), Int(color.blue))
    // Most colors: the plain nearest entry (O(1)) is already of their family.
    let plain = plainNearestXterm256(channels)
    if xterm256Entries[plain - 16].family == HueFamily(channels) { return UInt8(plain) }
    return UInt8(16 + nearest(channels, in: xterm256Entries))
  }

  /// The nearest xterm-256 index whatever its family: the closer of the nearest
  /// 6×6×6 cube color and the nearest of the 24 greys, by squared RGB distance.
  private static func plainNearestXterm256(_ channels: (Int, Int, Int)) -> Int {
    let cube = (
      nearestCubeIndex(channels.0), nearestCubeIndex(channels.1), nearestCubeIndex(channels.2)
    )
    let cubeColor = (cubeLevels[cube.0], cubeLevels[cube.1], cubeLevels[cube.2])
    let average = (channels.0 + channels.1 + channels.2) / 3
    let greyIndex = min(23, max(0, (average - 3) / 10))
    let greyValue = 8 + 10 * greyIndex
    if distance(channels, (greyValue, greyValue, greyValue)) < distance(channels, cubeColor) {
      return 232 + greyIndex
    }
    return 16 + 36 * cube.0 + 6 * cube.1 + cube.2
  }

  private static func nearestCubeIndex(_ value: Int) -> Int {
    if value < 48 { return 0 }
    if value < 115 { return 1 }
    return min(5, (value - 35) / 40)
  }

  /// The nearest of the 16 ANSI colors (xterm defaults) of the same hue family.
  ///
  /// Family first, then nearness, as in ``nearestXterm256(_:)``: a saturated red such
  /// as `#FF6B61` becomes bright red (9), never the grey (8) a plain nearest match
  /// picks, so `danger` stays red, `success` green and `warning` yellow on a
  /// 16-color terminal. Nearly grey colors choose among black, the two greys and
  /// white.
  ///
  /// - Parameter color: The color; alpha is ignored.
  /// - Returns: An index in 0…15.
  public static func nearestANSI16(_ color: RGBA) -> UInt8 {
    let channels = (Int(color.red), Int(color.green), Int(color.blue))
    return UInt8(nearest(channels, in: ansi16Entries))
  }

  /// The xterm-256 colors 16–255 with their families, in index order.
  private static let xterm256Entries: [PaletteEntry] = {
    var entries: [PaletteEntry] = []
    for red in cubeLevels {
      for green in cubeLevels {
        for blue in cubeLevels { entries.append(PaletteEntry((red, green, blue))) }
      }
    }
    for step in 0..<24 {
      let value = 8 + 10 * step
      entries.append(PaletteEntry((value, value, value)))
    }
    return entries
  }()

  /// The 16 ANSI colors with their families, in index order.
  private static let ansi16Entries: [PaletteEntry] = ansi16Palette.map(PaletteEntry.init)

  /// The position in `entries` of the nearest entry of the color's family; the
  /// nearest of all when the family has none.
  private static func nearest(_ channels: (Int, Int, Int), in entries: [PaletteEntry]) -> Int {
    let family = HueFamily(channels)
    var best: Int?
    var bestDistance = Int.max
    var fallback = 0
    var fallbackDistance = Int.max
    for (index, entry) in entries.enumerated() {
      let value = distance(channels, entry.channels)
      if value < fallbackDistance {
        fallback = index
        fallbackDistance = value
      }
      if entry.family == family, value < bestDistance {
        best = index
        bestDistance = value
      }
    }
    return best ?? fallback
  }

  private static func distance(_ channels: (Int, Int, Int), _ other: (Int, Int, Int)) -> Int {
    let red = channels.0 - other.0
    let green = channels.1 - other.1
    let blue = channels.2 - other.2
    return red * red + green * green + blue * blue
  }
}

/// A palette color and its hue family, computed once per palette.
private struct PaletteEntry {
  let channels: (Int, Int, Int)
  let family: HueFamily

  init(_ channels: (Int, Int, Int)) {
    self.channels = channels
    family = HueFamily(channels)
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
