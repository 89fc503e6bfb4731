extension ScreenStack {
  /// Shows the help overlay: the keys of the screen in front and the stack's own.
  func showHelp() { isShowingHelp = true }

  /// Closes the help overlay with any key.
  ///
  /// - Returns: False when help was not shown (the key goes on).
  func closeHelp() -> Bool {
    guard isShowingHelp else { return false }
    isShowingHelp = false
    return true
  }

  /// Draws the help overlay when it is shown.
  func renderHelp(_ bindings: [KeyBinding], into frame: inout Frame, area: Rect) {
    guard isShowingHelp else { return }
    frame.cursor = nil
    HelpOverlay.render(bindings, into: &frame, area: area)
  }
}
