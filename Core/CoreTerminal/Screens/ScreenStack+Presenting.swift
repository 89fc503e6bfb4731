import CoreBase

extension ScreenStack {
  /// Shows what a screen's binding presents; the navigation's token travels with the
  /// pushed screen, the sheet or the prompt, which report its appearances.
  ///
  /// - Parameters:
  ///   - presentation: How to show the destination.
  ///   - token: The token of the navigation being shown.
  func present(_ presentation: ScreenPresentation<Route>, token: NavigationToken) {
    switch presentation.style {
    case .push(let route, let content):
      push(route, content: content, token: token)
    case .sheet(let route, let content):
      presentSheet(route: route, content: content, token: token)
    case .prompt(let title, let message, let actions, let isDialog):
      showPrompt(title: title, message: message, actions: actions, isDialog: isDialog, token: token)
    case .perform(let action):
      action()
    }
    changes.count += 1
  }

  /// Closes a screen: a sheet and the sheets above it, or a pushed screen and the
  /// screens above it (through the router). The root is never closed.
  func dismiss(_ context: ScreenContext<Route>) {
    if dismissSheet(context) { return }
    if let index = entries.firstIndex(where: { $0.context === context }), index > 0 {
      _ = router.pop(count: entries.count - index)
    }
  }

  /// Goes back one step: closes the top sheet, else pops the top route.
  func goBack() {
    if let sheet = sheets.last {
      dismiss(sheet.context)
    } else {
      _ = router.pop()
    }
  }
}
