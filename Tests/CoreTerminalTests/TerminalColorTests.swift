import Core
import CoreTerminal
import Testing

@Suite("Terminal colors")
struct TerminalColorTests {
  @Test(
    "Nearest xterm-256 index",
    arguments: [
      ("#000000", 16), ("#FFFFFF", 231), ("#FF0000", 196), ("#00FF00", 46),
      ("#0000FF", 21), ("#5F87AF", 67), ("#808080", 244), ("#080808", 232),
      ("#EEEEEE", 255), ("#121212", 233), ("#5E5CE6", 62), ("#D75F00", 166),
      ("#767676", 243), ("#FFD700", 220),
    ])
  func nearest256(hex: String, expected: Int) throws {
    #expect(Int(TerminalColor.nearestXterm256(try RGBA(parsing: hex))) == expected)
  }

  @Test(
    "Nearest of the 16 ANSI colors",
    arguments: [
      ("#000000", 0), ("#CC0000", 1), ("#00CC00", 2), ("#CDCD00", 3), ("#0000EE", 4),
      ("#E5E5E5", 7), ("#808080", 8), ("#FF3333", 9), ("#FFFFFF", 15), ("#5C5CFF", 12),
      ("#1C1C1E", 0), ("#F2F2F7", 15),
    ])
  func nearest16(hex: String, expected: Int) throws {
    #expect(Int(TerminalColor.nearestANSI16(try RGBA(parsing: hex))) == expected)
  }

  @Test(
    "SGR parameters for each capability and layer",
    arguments: [
      (ColorCapability.trueColor, TerminalColor.Layer.foreground, "38;2;94;92;230"),
      (.trueColor, .background, "48;2;94;92;230"),
      (.ansi256, .foreground, "38;5;62"),
      (.ansi256, .background, "48;5;62"),
      (.ansi16, .foreground, "94"),
      (.ansi16, .background, "104"),
      (.none, .foreground, "39"),
      (.none, .background, "49"),
    ])
  func parameters(
    capability: ColorCapability, layer: TerminalColor.Layer, expected: String
  ) throws {
    let token = try ColorToken(parsing: "#FFFFFF/#5E5CE6")
    let color = token.terminalColor(for: capability, appearance: .dark)
    #expect(color.parameters(as: layer) == expected)
  }

  @Test("Normal ANSI colors use 30–37 and 40–47")
  func normalANSI() {
    #expect(TerminalColor.ansi16(1).parameters(as: .foreground) == "31")
    #expect(TerminalColor.ansi16(7).parameters(as: .background) == "47")
    #expect(TerminalColor.ansi16(15).parameters(as: .foreground) == "97")
  }

  @Test("A token renders the whole sequence, and nothing without color")
  func sequence() throws {
    let token = try ColorToken(parsing: "#FF0000/#00FF00")
    #expect(
      token.sgrSequence(.foreground, capability: .trueColor, appearance: .light)
        == "\u{1B}[38;2;255;0;0m")
    #expect(
      token.sgrSequence(.background, capability: .ansi256, appearance: .dark) == "\u{1B}[48;5;46m")
    #expect(token.sgrSequence(.foreground, capability: .none, appearance: .dark) == "")
  }
}
