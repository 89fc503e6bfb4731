public import CoreBase

/// An alert or confirmation dialog: a title, a message and buttons chosen with the
/// keyboard (← → ↑ ↓ Tab, Enter); Esc runs the cancel button, if any, and closes.
public struct PromptView {
  /// The title.
  public var title: String
  /// The message under the title.
  public var message: String?
  /// The buttons.
  public var actions: [IntentAction]
  /// The highlighted button.
  public private(set) var selection = 0

  /// Creates a prompt; no actions means one "OK" button. The cancel button is
  /// highlighted when there is one, so Enter never deletes by accident.
  ///
  /// - Parameters:
  ///   - title: The title; sanitized when drawn.
  ///   - message: The message; sanitized when drawn.
  ///   - actions: The buttons.
  public init(title: String, message: String?, actions: [IntentAction]) {
    self.title = title
    self.message = message
    self.actions = actions.isEmpty ? [IntentAction("OK")] : actions
    selection = self.actions.firstIndex { $0.role == .cancel } ?? 0
  }

  /// The prompt's keys, for the footer while it is shown.
  public var keyBindings: [KeyBinding] {
    var bindings: [KeyBinding] = []
    if actions.count > 1 {
      bindings.append(KeyBinding(keys: [.left, .right, .tab], "Choose", label: "←→"))
    }
    bindings.append(KeyBinding(.enter, actions.count > 1 ? "Confirm" : "OK"))
    if actions.contains(where: { $0.role == .cancel }) {
      bindings.append(KeyBinding(.escape, "Cancel"))
    }
    return bindings
  }

  /// What a key does to the prompt.
  public enum Outcome {
    /// The prompt stays.
    case open
    /// The prompt closes after running this button (nil: Esc without a cancel button).
    case chosen(IntentAction?)
  }

  /// Handles a key.
  ///
  /// - Parameter event: The input.
  /// - Returns: Whether the prompt closes, and with which button.
  public mutating func handle(_ event: InputEvent) -> Outcome {
    guard case .key(let key) = event else { return .open }
    switch key {
    case .left, .up, .backTab, .character("h"), .character("k"):
      selection = (selection + actions.count - 1) % actions.count
    case .right, .down, .tab, .character("l"), .character("j"):
      selection = (selection + 1) % actions.count
    case .enter, .character(" "): return .chosen(actions[selection])
    case .escape: return .chosen(actions.first { $0.role == .cancel })
    default: break
    }
    return .open
  }

  /// Draws the prompt as a centered box over `area`.
  ///
  /// - Parameters:
  ///   - frame: The frame to draw into.
  ///   - area: The area to center in.
  public func render(into frame: inout Frame, area: Rect) {
    let labels = actions.map { " " + $0.title.terminalSafe + " " }
    let buttonsWidth = labels.reduce(0) { $0 + $1.terminalWidth + 2 }
    let messageText = message?.terminalSafe ?? ""
    let width = Swift.max(
      title.terminalSafe.terminalWidth + 6, messageText.terminalWidth + 4, buttonsWidth + 2, 24)
    let box = Frame.centered(width: width, height: message == nil ? 5 : 6, in: area)
    let inside = frame.drawBox(box, title: title, style: .header)
    var row = inside.row + 1
    if message != nil {
      frame.draw(
        messageText, row: inside.row, column: inside.column + 1, width: inside.width - 2,
        sanitizing: false)
      row = inside.row + 2
    }
    var column = inside.column + 1
    for (index, label) in labels.enumerated() {
      let role = actions[index].role
      var style = role == .destructive ? TextStyle(foreground: .role(.danger)) : TextStyle.plain
      if index == selection {
        style.isReversed = true
        style.isBold = true
      }
      column += frame.draw(
        "[" + label + "]", row: row, column: column, width: inside.column + inside.width - column,
        style: style, sanitizing: false)
      column += 1
    }
  }
}

/// The help overlay: every key of the current screen, then the stack's.
public enum HelpOverlay {
  /// Draws the bindings in a centered box.
  ///
  /// - Parameters:
  ///   - bindings: The screen's bindings, then the stack's.
  ///   - frame: The frame to draw into.
  ///   - area: The area to center in.
  public static func render(_ bindings: [KeyBinding], into frame: inout Frame, area: Rect) {
    let labelWidth = bindings.map { $0.label.terminalWidth }.max() ?? 0
    let summaryWidth = bindings.map { $0.summary.terminalWidth }.max() ?? 0
    let box = Frame.centered(
      width: labelWidth + summaryWidth + 7, height: bindings.count + 2, in: area)
    let inside = frame.drawBox(box, title: "Keys", style: .header)
    for (index, binding) in bindings.enumerated() where index < inside.height {
      let row = inside.row + index
      frame.draw(
        binding.label, row: row, column: inside.column + 1, width: labelWidth, style: .header,
        sanitizing: false)
      frame.draw(
        binding.summary, row: row, column: inside.column + labelWidth + 3,
        width: inside.width - labelWidth - 3, sanitizing: false)
    }
  }
}
