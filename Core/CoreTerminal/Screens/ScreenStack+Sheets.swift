import CoreBase

extension ScreenStack {
  /// Shows a screen as a modal sheet over the one in front, in a context that holds the
  /// navigation's token; its scope ends when the sheet is closed.
  ///
  /// - Parameters:
  ///   - route: The route whose screen the stack's `destination` builds, when
  ///     `content` is nil.
  ///   - content: Builds the screen.
  ///   - token: The token of the navigation being shown.
  func presentSheet(
    route: Route?, content: ScreenPresentation<Route>.Content?, token: NavigationToken
  ) {
    let context = ScreenContext(stack: self, scope: ScreenScope(), token: token, isSheet: true)
    let screen: any TerminalScreen
    if let content {
      screen = content(context)
    } else if let route {
      screen = destination(route, context)
    } else {
      return
    }
    sheets.append(Entry(id: nil, context: context, screen: screen))
  }

  /// Closes the sheet of `context` and every sheet above it, topmost first.
  ///
  /// - Returns: False when `context` is not a sheet's.
  func dismissSheet(_ context: ScreenContext<Route>) -> Bool {
    guard let index = sheets.firstIndex(where: { $0.context === context }) else { return false }
    for sheet in sheets[index...].reversed() {
      sheet.context.disappear()
      sheet.context.scope.end()
    }
    sheets.removeSubrange(index...)
    visible = nil
    changes.count += 1
    return true
  }
}
