import Core
import CoreTerminal
import Testing

/// Every role of the standard palette keeps its meaning when a terminal can show only
/// 16 or 256 colors: danger is red, success green, warning yellow, the accent blue,
/// and the neutral roles grey. The expected families are written out here, by hand,
/// from what each role means — not computed by the code under test.
@Suite("Terminal colors keep their meaning")
struct TerminalColorMeaningTests {
  enum Meaning: CustomStringConvertible {
    case red, yellow, green, blue, grey

    var description: String {
      switch self {
      case .red: "red"
      case .yellow: "yellow"
      case .green: "green"
      case .blue: "blue"
      case .grey: "grey"
      }
    }

    /// The ANSI indices (normal and bright) a terminal paints in this meaning.
    var ansi16: Set<Int> {
      switch self {
      case .red: [1, 9]
      case .yellow: [3, 11]
      case .green: [2, 10]
      case .blue: [4, 12]
      case .grey: [0, 7, 8, 15]
      }
    }

    /// Whether an xterm-256 color reads as this meaning, judged on its channels.
    func holds(red: Int, green: Int, blue: Int) -> Bool {
      switch self {
      case .red: red >= green + 40 && red >= blue + 40 && green * 2 <= red
      case .yellow: red >= blue + 40 && green >= blue + 40 && green * 2 > red && red * 2 > green
      case .green: green >= red + 40 && green >= blue + 40
      case .blue: blue >= red + 40 && blue >= green + 40
      case .grey: red == green && green == blue
      }
    }
  }

  static let meanings: [(Palette.Role, Meaning)] = [
    (.background, .grey), (.surface, .grey), (.text, .grey), (.secondaryText, .grey),
    (.separator, .grey), (.accent, .blue), (.success, .green), (.warning, .yellow),
    (.danger, .red),
  ]

  static let cases: [(Palette.Role, Meaning, Appearance)] = meanings.flatMap { role, meaning in
    [Appearance.light, .dark].map { (role, meaning, $0) }
  }

  @Test("At 16 colors every role keeps its meaning", arguments: cases)
  func sixteen(role: Palette.Role, meaning: Meaning, appearance: Appearance) {
    let color = Palette.standard[role].terminalColor(for: .ansi16, appearance: appearance)
    guard case .ansi16(let index) = color else {
      Issue.record("\(role) gave \(color), not one of the 16 colors")
      return
    }
    #expect(
      meaning.ansi16.contains(Int(index)),
      "\(role) (\(appearance)) is ANSI \(index), not \(meaning)")
  }

  @Test("At 256 colors every role keeps its meaning", arguments: cases)
  func twoFiftySix(role: Palette.Role, meaning: Meaning, appearance: Appearance) {
    let color = Palette.standard[role].terminalColor(for: .ansi256, appearance: appearance)
    guard case .ansi256(let index) = color, index >= 16 else {
      Issue.record("\(role) gave \(color), not a themed-safe xterm-256 index")
      return
    }
    let (red, green, blue) = Self.xterm256(Int(index))
    #expect(
      meaning.holds(red: red, green: green, blue: blue),
      "\(role) (\(appearance)) is \(index) = (\(red), \(green), \(blue)), not \(meaning)")
  }

  @Test("Text and background stay apart at 16 colors, in both appearances")
  func textOnBackground() {
    for appearance in [Appearance.light, .dark] {
      let palette = Palette.standard
      let background = palette.background.terminalColor(for: .ansi16, appearance: appearance)
      for role in [Palette.Role.text, .danger, .success, .accent] {
        #expect(
          palette[role].terminalColor(for: .ansi16, appearance: appearance) != background,
          "\(role) on background (\(appearance))")
      }
    }
  }

  @Test("The dark danger #FF6B61 is bright red at 16 colors, not grey")
  func dangerOnXterm() {
    let sequence = Palette.standard.danger.sgrSequence(
      .foreground, capability: .ansi16, appearance: .dark)
    #expect(sequence == "\u{1B}[91m")
  }

  @Test(
    "Family first, then nearness",
    arguments: [
      ("#FF6B61", 9), ("#C02626", 1), ("#32D74B", 2), ("#1E7A34", 2), ("#FFD60A", 11),
      ("#8A5300", 3), ("#8A88FF", 12), ("#4B49D6", 12), ("#A1A1AA", 8), ("#3A3A40", 0),
      ("#D1D1D6", 7),
    ])
  func sixteenTable(hex: String, expected: Int) throws {
    #expect(Int(TerminalColor.nearestANSI16(try RGBA(parsing: hex))) == expected)
  }

  /// The channels of an xterm-256 index in 16…255.
  static func xterm256(_ index: Int) -> (Int, Int, Int) {
    if index >= 232 {
      let value = 8 + 10 * (index - 232)
      return (value, value, value)
    }
    let levels = [0, 95, 135, 175, 215, 255]
    let cube = index - 16
    return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
  }
}
