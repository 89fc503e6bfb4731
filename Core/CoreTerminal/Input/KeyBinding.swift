import CoreBase

/// A key a screen responds to, declared once: the footer and the help overlay are
/// both drawn from the screen's declarations, and the stack runs the action.
///
/// <!-- doc-test: context
/// final class Screen {
/// func open() {}
/// func delete() {}
/// // after the block:
/// }
/// -->
/// ```swift
/// var keyBindings: [KeyBinding] {
///   [KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
///    KeyBinding(.enter, "Open") { [unowned self] in open() },
///    KeyBinding(.character("d"), "Delete") { [unowned self] in delete() }]
/// }
/// ```
public struct KeyBinding {
  /// The keys that trigger the binding.
  public var keys: [Key]
  /// How the keys are shown, e.g. `↑↓` or `d`.
  public var label: String
  /// What the keys do, e.g. `Delete`.
  public var summary: String
  /// Whether the footer shows it (the help overlay always does).
  public var isInFooter: Bool
  /// What runs when one of the keys is pressed; nil when the screen handles the keys itself.
  public var action: (@MainActor () -> Void)?

  /// Declares one key.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - summary: What it does.
  ///   - label: How it is shown; the key's name when nil.
  ///   - isInFooter: Whether the footer shows it.
  ///   - action: What runs; nil when the screen's `handle` deals with the key.
  public init(
    _ key: Key, _ summary: String, label: String? = nil, isInFooter: Bool = true,
    action: (@MainActor () -> Void)? = nil
  ) {
    self.init(keys: [key], summary, label: label, isInFooter: isInFooter, action: action)
  }

  /// Declares several keys that do the same thing.
  ///
  /// - Parameters:
  ///   - keys: The keys.
  ///   - summary: What they do.
  ///   - label: How they are shown; the first key's name when nil.
  ///   - isInFooter: Whether the footer shows them.
  ///   - action: What runs; nil when the screen's `handle` deals with the keys.
  public init(
    keys: [Key], _ summary: String, label: String? = nil, isInFooter: Bool = true,
    action: (@MainActor () -> Void)? = nil
  ) {
    self.keys = keys
    self.label = label ?? keys.first.map(KeyBinding.name(of:)) ?? ""
    self.summary = summary
    self.isInFooter = isInFooter
    self.action = action
  }

  /// A short name for a key, as shown in hints: `⏎`, `Esc`, `↑`, `^C`, `x`.
  ///
  /// - Parameter key: The key.
  /// - Returns: Its name.
  public static func name(of key: Key) -> String {
    switch key {
    case .character(" "): return "Space"
    case .character(let character): return String(character)
    case .enter: return "⏎"
    case .tab: return "Tab"
    case .backTab: return "⇧Tab"
    case .backspace: return "⌫"
    case .delete: return "Del"
    case .insert: return "Ins"
    case .escape: return "Esc"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .home: return "Home"
    case .end: return "End"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .function(let number): return "F\(number)"
    case .ctrl(let character): return "^" + String(character).uppercased()
    case .alt(let inner): return "M-" + name(of: inner)
    }
  }
}

/// The footer of key hints: `⏎ Open  d Delete  ? Help`, cut to the width.
public enum KeyHintsView {
  /// Draws the hints of the bindings marked for the footer.
  ///
  /// When the row is too narrow for all of them, the `kept` ones (the stack's own
  /// `? Help` and `q Quit`) stay at the end and the others are dropped from the
  /// last one back: one footer rule for every app.
  ///
  /// - Parameters:
  ///   - bindings: The screen's bindings.
  ///   - kept: Bindings shown after them that are never dropped while they fit.
  ///   - frame: The frame to draw into.
  ///   - row: The footer row.
  ///   - width: The width available.
  public static func render(
    _ bindings: [KeyBinding], keeping kept: [KeyBinding] = [], into frame: inout Frame, row: Int,
    width: Int
  ) {
    func needed(_ binding: KeyBinding) -> Int {
      TextWidth.of(binding.label) + 1 + TextWidth.of(binding.summary)
    }
    let keptShown = kept.filter(\.isInFooter)
    let reserved = keptShown.reduce(0) { $0 + needed($1) + 2 }
    var column = 0
    func draw(_ binding: KeyBinding) {
      column += frame.draw(
        binding.label, row: row, column: column, style: .header, sanitizing: false)
      column += 1
      column += frame.draw(
        binding.summary, row: row, column: column, style: .secondary, sanitizing: false)
      column += 2
    }
    for binding in bindings where binding.isInFooter {
      guard column + needed(binding) + reserved <= width else { break }
      draw(binding)
    }
    for binding in keptShown {
      guard column + needed(binding) <= width else { break }
      draw(binding)
    }
  }
}
