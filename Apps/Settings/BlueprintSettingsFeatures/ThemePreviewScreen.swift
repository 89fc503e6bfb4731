internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// The theme preview: every palette role in both appearances, and the contrast of
/// the pairs apps draw text with (under 4.5:1 flagged).
enum ThemePreview {
  /// One foreground/background pair's contrast in one appearance.
  struct ContrastRow: Equatable {
    /// The text-like role.
    var foreground: Palette.Role
    /// The role it is drawn on.
    var background: Palette.Role
    /// Light or dark.
    var appearance: Appearance
    /// The WCAG contrast ratio.
    var ratio: Double
    /// Whether the ratio is under the minimum for body text.
    var isTooLow: Bool { ratio < Contrast.minimumTextRatio }
  }

  /// The contrast of every pair in ``Theme/contrastPairs``, light first.
  ///
  /// - Parameter theme: The theme.
  /// - Returns: One row per pair and appearance.
  static func contrastRows(_ theme: Theme) -> [ContrastRow] {
    [Appearance.light, .dark].flatMap { appearance in
      Theme.contrastPairs.map { pair in
        ContrastRow(
          foreground: pair.foreground, background: pair.background, appearance: appearance,
          ratio: Contrast.ratio(
            theme.palette[pair.foreground].resolved(for: appearance),
            on: theme.palette[pair.background].resolved(for: appearance)))
      }
    }
  }

  /// The report as text: swatches (when `capability` shows color) and hex values.
  ///
  /// - Parameters:
  ///   - theme: The theme to show.
  ///   - capability: What the output can show; `none` gives plain text.
  /// - Returns: The palette table, then the contrast table and a summary line.
  static func text(_ theme: Theme, capability: ColorCapability) -> String {
    let roleWidth = Palette.Role.allCases.map(\.rawValue.count).max() ?? 0
    var lines = [
      "Palette".padding(toLength: roleWidth + 2, withPad: " ", startingAt: 0) + "light      dark"
    ]
    for role in Palette.Role.allCases {
      let token = theme.palette[role]
      let cells = [Appearance.light, .dark].map { appearance in
        swatch(token, appearance: appearance, capability: capability)
          + token.resolved(for: appearance).hex.padding(toLength: 9, withPad: " ", startingAt: 0)
      }
      lines.append(
        "  " + role.rawValue.padding(toLength: roleWidth, withPad: " ", startingAt: 0) + "  "
          + cells.joined(separator: "  "))
    }
    lines.append("")
    lines.append("Contrast (WCAG AA needs \(format(Contrast.minimumTextRatio)):1 for text)")
    let rows = contrastRows(theme)
    let pairWidth = rows.map { pairName($0).count }.max() ?? 0
    for row in rows {
      let sample = sampleText(row, theme: theme, capability: capability)
      let ratio = format(row.ratio) + ":1"
      lines.append(
        "  " + pairName(row).padding(toLength: pairWidth, withPad: " ", startingAt: 0) + "  "
          + row.appearance.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0) + "  "
          + sample + String(repeating: " ", count: max(0, 7 - ratio.count)) + ratio
          + (row.isTooLow ? "  too low" : ""))
    }
    let low = rows.filter(\.isTooLow).count
    lines.append("")
    lines.append(
      low == 0
        ? "All pairs reach \(format(Contrast.minimumTextRatio)):1."
        : "\(low) pair\(low == 1 ? "" : "s") under \(format(Contrast.minimumTextRatio)):1.")
    return lines.map { $0.trimmingTrailingSpaces }.joined(separator: "\n") + "\n"
  }

  /// Two cells painted in the token's color, then a space; empty without color.
  ///
  /// - Parameters:
  ///   - token: The color.
  ///   - appearance: Which half of the token to paint.
  ///   - capability: What the output can show.
  /// - Returns: The escape sequences and cells, or `""`.
  static func swatch(_ token: ColorToken, appearance: Appearance, capability: ColorCapability)
    -> String
  {
    guard capability != .none else { return "" }
    return token.sgrSequence(.background, capability: capability, appearance: appearance)
      + "  \u{1B}[49m "
  }

  private static func sampleText(_ row: ContrastRow, theme: Theme, capability: ColorCapability)
    -> String
  {
    guard capability != .none else { return "" }
    let foreground = theme.palette[row.foreground].sgrSequence(
      .foreground, capability: capability, appearance: row.appearance)
    let background = theme.palette[row.background].sgrSequence(
      .background, capability: capability, appearance: row.appearance)
    return foreground + background + " Aa " + "\u{1B}[39;49m "
  }

  private static func pairName(_ row: ContrastRow) -> String {
    "\(row.foreground.rawValue) on \(row.background.rawValue)"
  }

  /// A ratio with two decimals, e.g. `4.50`.
  static func format(_ ratio: Double) -> String { String(format: "%.2f", ratio) }
}

extension String {
  /// The string without spaces at its end.
  fileprivate var trimmingTrailingSpaces: String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}

// MARK: - Terminal screen

/// The theme preview pushed from the editor: each role's swatch in both appearances,
/// then the contrast pairs with a sample, weak ones in the danger color.
final class ThemePreviewScreen: TerminalScreen {
  private let session: SettingsSession

  /// Creates the screen.
  ///
  /// - Parameter session: The settings being edited; the preview follows its changes.
  init(session: SettingsSession) { self.session = session }

  var title: String { "Theme" }
  var keyBindings: [KeyBinding] { [KeyBinding(.escape, "Back")] }

  func render(into frame: inout Frame, area: Rect) {
    let theme = session.settings.theme
    var stack = RowStack(area.inset(leading: 1))
    renderPalette(theme, into: &frame, stack: &stack)
    stack.skip()
    renderContrast(theme, into: &frame, stack: &stack)
  }

  /// A title row, then one row per role: ` role   ██ #rrggbb   ██ #rrggbb`.
  private func renderPalette(_ theme: Theme, into frame: inout Frame, stack: inout RowStack) {
    let roleWidth = Palette.Role.allCases.map(\.rawValue.count).max() ?? 0
    frame.draw(
      "Palette".padding(toLength: roleWidth + 5, withPad: " ", startingAt: 0)
        + "light        dark", in: stack.next(), style: .bold, sanitizing: false)
    for role in Palette.Role.allCases where stack.height > 0 {
      let token = theme.palette[role]
      let (name, lightSwatch, lightHex, darkSwatch, darkHex) = stack.next().inset(leading: 1)
        .columns(.fixed(roleWidth + 1), .fixed(3), .fixed(10), .fixed(3), .fill())
      frame.draw(role.rawValue, in: name, sanitizing: false)
      let cells = [(Appearance.light, lightSwatch, lightHex), (.dark, darkSwatch, darkHex)]
      for (appearance, swatch, hex) in cells {
        let color = token.resolved(for: appearance)
        frame.draw(
          "  ", in: swatch.leadingColumns(2),
          style: TextStyle(background: .token(ColorToken(color))), sanitizing: false)
        frame.draw(color.hex, in: hex, sanitizing: false)
      }
    }
  }

  /// A title row, then one row per pair: ` fg on bg   Aa  4.5   Aa  2.1 low`.
  private func renderContrast(_ theme: Theme, into frame: inout Frame, stack: inout RowStack) {
    let pairWidth =
      Theme.contrastPairs.map { "\($0.foreground.rawValue) on \($0.background.rawValue)".count }
      .max() ?? 0
    if stack.height > 0 {
      let minimum = ThemePreview.format(Contrast.minimumTextRatio)
      let (title, appearances) = stack.next().columns(.fixed(pairWidth + 3), .fill())
      frame.draw("Contrast", in: title, style: .bold, sanitizing: false)
      frame.draw(
        "light            dark             (\(minimum):1 needed)", in: appearances,
        style: .bold, sanitizing: false)
    }
    for pair in Theme.contrastPairs where stack.height > 0 {
      let (name, lightSample, lightRatio, darkSample, darkRatio) = stack.next().inset(leading: 1)
        .columns(.fixed(pairWidth + 2), .fixed(5), .fixed(12), .fixed(5), .fill())
      frame.draw(
        "\(pair.foreground.rawValue) on \(pair.background.rawValue)", in: name, sanitizing: false)
      let cells = [(Appearance.light, lightSample, lightRatio), (.dark, darkSample, darkRatio)]
      for (appearance, sample, ratioCell) in cells {
        let foreground = theme.palette[pair.foreground].resolved(for: appearance)
        let background = theme.palette[pair.background].resolved(for: appearance)
        let ratio = Contrast.ratio(foreground, on: background)
        let isTooLow = ratio < Contrast.minimumTextRatio
        frame.draw(
          " Aa ", in: sample.leadingColumns(4),
          style: TextStyle(
            foreground: .token(ColorToken(foreground)), background: .token(ColorToken(background))),
          sanitizing: false)
        frame.draw(
          ThemePreview.format(ratio) + (isTooLow ? " low" : ""), in: ratioCell,
          style: isTooLow ? .error : .plain, sanitizing: false)
      }
    }
  }
}
