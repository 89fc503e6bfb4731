extension ScreenStack {
  /// Handles a key: the help overlay or prompt first, then the front screen, its key
  /// bindings, and finally Esc/Backspace/← (back), `?` (help) and `q` (quit).
  ///
  /// - Parameter event: The input.
  /// - Returns: Whether anything used it.
  public func handle(_ event: InputEvent) -> Bool {
    defer { synchronize() }
    front.context.status = nil
    if closeHelp() || handlePromptKey(event) { return true }
    let screen = front.screen
    if screen.handle(event) { return true }
    guard case .key(let key) = event else { return false }
    if let binding = screen.keyBindings.first(where: { $0.keys.contains(key) && $0.action != nil })
    {
      binding.action?()
      return true
    }
    switch key {
    case .escape:
      goBack()
    case .backspace where !screen.isEditingText, .left where !screen.isEditingText:
      goBack()
    case .character("?") where !screen.isEditingText:
      showHelp()
    case .character("q") where !screen.isEditingText:
      requestQuit?()
    default:
      return false
    }
    return true
  }

  /// The stack's own keys for the footer: `?` and `q` only when no text field takes them.
  var stackBindings: [KeyBinding] {
    var bindings: [KeyBinding] = []
    if entries.count > 1 || !sheets.isEmpty { bindings.append(KeyBinding(.escape, "Back")) }
    guard !front.screen.isEditingText else { return bindings }
    bindings.append(KeyBinding(.character("?"), "Help"))
    bindings.append(KeyBinding(.character("q"), "Quit"))
    return bindings
  }
}
