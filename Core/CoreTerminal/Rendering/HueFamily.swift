/// Which of six hue sectors a color falls in, or neutral when it is nearly grey.
///
/// Terminal colors are matched family first, then by distance, so that a color
/// keeps its meaning when a terminal can show only a few: a red `danger` stays red
/// on 16 colors. The sectors are 60° wide and centered on the primaries and
/// secondaries (red 330°–30°, yellow 30°–90°, …).
enum HueFamily: Sendable, Hashable, CaseIterable {
  /// Black, greys and white: the channels differ by less than ``neutralChroma``.
  case neutral
  /// Hue 330°–30°.
  case red
  /// Hue 30°–90° (orange through yellow).
  case yellow
  /// Hue 90°–150°.
  case green
  /// Hue 150°–210°.
  case cyan
  /// Hue 210°–270°.
  case blue
  /// Hue 270°–330°.
  case magenta

  /// The largest channel spread (max − min, 0–255) still read as grey.
  static let neutralChroma = 32

  /// The family of an RGB color.
  ///
  /// - Parameter channels: Red, green and blue, 0–255 each.
  init(_ channels: (Int, Int, Int)) {
    let (red, green, blue) = channels
    let high = max(red, green, blue)
    let chroma = high - min(red, green, blue)
    guard chroma >= Self.neutralChroma else {
      self = .neutral
      return
    }
    let sector: Double
    if high == red {
      sector = Double(green - blue) / Double(chroma)
    } else if high == green {
      sector = Double(blue - red) / Double(chroma) + 2
    } else {
      sector = Double(red - green) / Double(chroma) + 4
    }
    let degrees = (sector * 60 + 360).truncatingRemainder(dividingBy: 360)
    let sectors: [HueFamily] = [.red, .yellow, .green, .cyan, .blue, .magenta]
    self = sectors[Int((degrees + 30) / 60) % 6]
  }
}
