extension CommandContext {
  /// Shows `root` (usually a ``ScreenStack``) on the process's terminal in the colours,
  /// appearance and theme of this context, until it quits.
  ///
  /// ```swift
  /// if context.wantsInteractiveUI { try await context.runTerminalUI(makeStack()) }
  /// ```
  ///
  /// - Parameter root: The view to show.
  /// - Throws: ``TerminalError`` when the terminal cannot enter interactive mode.
  @MainActor
  public func runTerminalUI(_ root: any TerminalView) async throws {
    try await TerminalRuntime(
      terminal: SystemTerminal(), root: root, capability: colorCapability,
      appearance: appearance, theme: theme
    ).run()
  }
}
