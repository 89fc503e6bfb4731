import CoreBase

/// An alert or confirmation dialog on screen, with the token of the navigation that
/// asked for it: the token is visible exactly while the prompt is.
struct ShownPrompt {
  var view: PromptView
  let token: NavigationToken
}

extension ScreenStack {
  /// Shows an alert or confirmation dialog over everything; it replaces a prompt
  /// already shown. A dialog without a cancel button gets one.
  func showPrompt(
    title: String, message: String?, actions: [IntentAction], isDialog: Bool,
    token: NavigationToken
  ) {
    var choices = actions
    if isDialog, !choices.contains(where: { $0.role == .cancel }) {
      choices.append(IntentAction("Cancel", role: .cancel))
    }
    let replaced = prompt
    prompt = ShownPrompt(
      view: PromptView(title: title, message: message, actions: choices), token: token)
    replaced?.token.reportDisappeared()
    token.reportAppeared()
  }

  /// Gives a key to the open prompt: it moves the choice, or closes the prompt and
  /// runs the chosen action.
  ///
  /// - Returns: False when no prompt is open; while one is, it takes every key.
  func handlePromptKey(_ event: InputEvent) -> Bool {
    guard var shown = prompt else { return false }
    switch shown.view.handle(event) {
    case .open:
      prompt = shown
    case .chosen(let action):
      prompt = nil
      shown.token.reportDisappeared()
      action?.handler?()
    }
    return true
  }
}
