extension CommandContext {
  /// Shows `root` (usually a ``ScreenStack``) on the process's terminal in the colours,
  /// appearance and theme of this context, until it quits.
  ///
  /// <!-- doc-test: skip a fragment: `context` and the screen stack come from its surroundings -->
  /// ```swift
  /// if context.wantsInteractiveUI { try await context.runTerminalUI(makeStack()) }
  /// ```
  ///
  /// - Parameters:
  ///   - root: The view to show.
  ///   - looks: Later looks to restyle it with while it runs (a settings file's, after
  ///     each commit made by any process); `nil` keeps this context's.
  /// - Throws: ``TerminalError`` when the terminal cannot enter interactive mode.
  @MainActor
  public func runTerminalUI(
    _ root: any TerminalView, looks: AsyncStream<TerminalLook>? = nil
  ) async throws {
    let runtime = TerminalRuntime(
      terminal: SystemTerminal(), root: root, capability: colorCapability,
      appearance: appearance, theme: theme)
    let following = looks.map { runtime.follow($0) }
    defer { following?.cancel() }
    try await runtime.run()
  }
}
