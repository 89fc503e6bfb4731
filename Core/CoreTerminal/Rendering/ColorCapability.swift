import CoreBase

/// How many colors a terminal (or pipe) can show.
///
/// <!-- doc-test: context
/// let colorOption = "auto"
/// -->
/// ```swift
/// let capability = ColorCapability.detect(
///   environment: ProcessInfo.processInfo.environment,
///   isTerminal: isatty(1) == 1,
///   choice: ColorChoice(argument: colorOption) ?? .auto)
/// ```
public enum ColorCapability: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// No escape sequences at all.
  case none = 0
  /// The 16 ANSI colors (SGR 30–37, 90–97).
  case ansi16 = 1
  /// The xterm 256-color palette (SGR 38;5;N).
  case ansi256 = 2
  /// 24-bit color (SGR 38;2;R;G;B).
  case trueColor = 3

  /// Orders capabilities from none to true color.
  ///
  /// - Parameters:
  ///   - lhs: A capability.
  ///   - rhs: Another capability.
  /// - Returns: Whether `lhs` shows fewer colors than `rhs`.
  public static func < (lhs: ColorCapability, rhs: ColorCapability) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The capability for an output, from the `--color` choice and the environment.
  ///
  /// Precedence, first match wins:
  /// 1. `--color never` → none; `--color always` → `FORCE_COLOR`'s level if it names
  ///    one (1/2/3), else what `COLORTERM`/`TERM` suggest, at least 16 colors.
  /// 2. `NO_COLOR` non-empty → none.
  /// 3. `FORCE_COLOR`: `0`/`false` → none; `1`/`true`/empty → 16; `2` → 256;
  ///    `3` → true color (other values are ignored).
  /// 4. Not a terminal, or `TERM=dumb` → none.
  /// 5. `COLORTERM` is `truecolor` or `24bit` → true color.
  /// 6. `TERM` contains `256color` → 256.
  /// 7. Otherwise 16 colors.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - isTerminal: Whether the output is a terminal (`isatty`).
  ///   - choice: The `--color` option; `auto` when none was given.
  /// - Returns: The capability to render with.
  public static func detect(
    environment: [String: String], isTerminal: Bool, choice: ColorChoice = .auto
  ) -> ColorCapability {
    let forced = environment["FORCE_COLOR"].flatMap(forceLevel)
    switch choice {
    case .never:
      return .none
    case .always:
      if let forced, forced != .none { return forced }
      return max(.ansi16, terminalLevel(environment))
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
      if let forced { return forced }
      if !isTerminal || environment["TERM"] == "dumb" { return .none }
      return terminalLevel(environment)
    }
  }

  private static func forceLevel(_ value: String) -> ColorCapability? {
    switch value.lowercased() {
    case "0", "false": ColorCapability.none
    case "", "1", "true": .ansi16
    case "2": .ansi256
    case "3": .trueColor
    default: nil
    }
  }

  private static func terminalLevel(_ environment: [String: String]) -> ColorCapability {
    let colorTerm = environment["COLORTERM"]?.lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
    if environment["TERM"]?.contains("256color") == true { return .ansi256 }
    return .ansi16
  }
}
