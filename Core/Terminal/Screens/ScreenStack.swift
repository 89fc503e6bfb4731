public import Core
import Observation

/// The terminal counterpart of SwiftUI's `NavigationStack`/`RouterView`: a root screen
/// and a screen per route on the ``Router``'s stack, with a header, a status line and
/// a footer of key hints.
///
/// Esc goes back (so do Backspace and ← when no text field has focus); `?` shows the
/// current screen's keys; `q` quits. Screens are told when they appear and disappear;
/// each pushed screen's bindings are attached to its route's ``ScreenScope``, so
/// popping it cancels its work. Sheets are modal screens over the current one; alerts
/// and confirmation dialogs are prompts.
///
/// ```swift
/// let stack = ScreenStack(router: router) { context in
///   TodoListScreen(context: context, store: store)
/// } destination: { route, context in
///   switch route { case .item(let id): TodoDetailScreen(id: id, context: context, store: store) }
/// }
/// try await TerminalRuntime(terminal: SystemTerminal(), root: stack, capability: capability).run()
/// ```
@MainActor
public final class ScreenStack<Route: Hashable & Sendable>: TerminalView {
  struct Entry {
    var id: RouteEntryID?
    var context: ScreenContext<Route>
    var screen: any TerminalScreen
  }

  /// The router whose path the stack shows.
  public let router: Router<Route>
  /// Set by the runtime; ends the app.
  public var requestQuit: (@MainActor () -> Void)?

  private let destination: (Route, ScreenContext<Route>) -> any TerminalScreen
  private var entries: [Entry] = []
  private var sheets: [Entry] = []
  private var prompt: PromptView?
  private var isShowingHelp = false
  private var pendingTokens: [RouteEntryID: NavigationToken] = [:]
  private var pendingContents: [RouteEntryID: ScreenPresentation<Route>.Content] = [:]
  private var promptToken: NavigationToken?
  var errorFallback: AmbientFallback<@MainActor (any Error) -> Void> = .standard
  var busyFallback: AmbientFallback<@MainActor (Bool) -> Void> = .standard
  private var visible: ObjectIdentifier?
  private let changes = StackChanges()

  /// Creates a stack.
  ///
  /// - Parameters:
  ///   - router: The router; its path is shown above the root.
  ///   - root: Builds the root screen.
  ///   - destination: Builds the screen for a route (pushed or shown as a sheet).
  public init(
    router: Router<Route>,
    root: (ScreenContext<Route>) -> any TerminalScreen,
    destination: @escaping (Route, ScreenContext<Route>) -> any TerminalScreen
  ) {
    self.router = router
    self.destination = destination
    let context = ScreenContext(stack: self, scope: ScreenScope(), token: nil, isSheet: false)
    entries = [Entry(id: nil, context: context, screen: root(context))]
  }

  /// The titles from the root to the screen in front, sheets included.
  public var breadcrumb: [String] { (entries + sheets).map(\.screen.title) }

  /// The screen in front (a sheet's, if one is shown).
  public var topScreen: any TerminalScreen { front.screen }

  /// Whether a prompt (alert or confirmation) is shown.
  public var isShowingPrompt: Bool { prompt != nil }

  private var front: Entry { sheets.last ?? entries[entries.count - 1] }

  // MARK: - Following the router

  /// Builds screens for new routes, drops popped ones, and reports appearances.
  func synchronize() {
    let routed = router.entries
    var kept = 1
    while kept < entries.count, kept - 1 < routed.count, entries[kept].id == routed[kept - 1].id {
      kept += 1
    }
    if kept < entries.count {
      for entry in entries[kept...].reversed() { entry.context.disappear() }
      entries.removeSubrange(kept...)
    }
    for routeEntry in routed.dropFirst(kept - 1) {
      let context = ScreenContext(
        stack: self, scope: router.scope(for: routeEntry.id),
        token: pendingTokens.removeValue(forKey: routeEntry.id), isSheet: false)
      let content = pendingContents.removeValue(forKey: routeEntry.id)
      let screen = content.map { $0(context) } ?? destination(routeEntry.route, context)
      entries.append(Entry(id: routeEntry.id, context: context, screen: screen))
    }
    let top = front
    let identifier = ObjectIdentifier(top.context)
    guard identifier != visible else { return }
    if sheets.isEmpty, entries.count >= 2,
      visible == ObjectIdentifier(entries[entries.count - 2].context)
    {
      entries[entries.count - 2].context.disappear()
    }
    visible = identifier
    top.context.appear()
  }

  // MARK: - Presenting

  func present(
    _ presentation: ScreenPresentation<Route>, token: NavigationToken,
    from context: ScreenContext<Route>
  ) {
    switch presentation.style {
    case .push(let route, let content):
      let id = router.push(route)
      pendingTokens[id] = token
      if let content { pendingContents[id] = content }
    case .sheet(let route, let content):
      let sheetContext = ScreenContext(
        stack: self, scope: ScreenScope(), token: token, isSheet: true)
      let screen: any TerminalScreen
      if let content {
        screen = content(sheetContext)
      } else if let route {
        screen = destination(route, sheetContext)
      } else {
        return
      }
      sheets.append(Entry(id: nil, context: sheetContext, screen: screen))
    case .prompt(let title, let message, let actions, let isDialog):
      var choices = actions
      if isDialog, !choices.contains(where: { $0.role == .cancel }) {
        choices.append(IntentAction("Cancel", role: .cancel))
      }
      prompt = PromptView(title: title, message: message, actions: choices)
      promptToken?.reportDisappeared()
      promptToken = token
      token.reportAppeared()
    case .perform(let action):
      action()
    }
    changes.count += 1
  }

  private func closePrompt() {
    prompt = nil
    promptToken?.reportDisappeared()
    promptToken = nil
  }

  func dismiss(_ context: ScreenContext<Route>) {
    if let index = sheets.firstIndex(where: { $0.context === context }) {
      for sheet in sheets[index...].reversed() {
        sheet.context.disappear()
        sheet.context.scope.end()
      }
      sheets.removeSubrange(index...)
      visible = nil
      changes.count += 1
    } else if let index = entries.firstIndex(where: { $0.context === context }), index > 0 {
      _ = router.pop(count: entries.count - index)
    }
  }

  // MARK: - Input

  /// Handles a key: the help overlay or prompt first, then the front screen, its key
  /// bindings, and finally Esc/Backspace/← (back), `?` (help) and `q` (quit).
  ///
  /// - Parameter event: The input.
  /// - Returns: Whether anything used it.
  public func handle(_ event: InputEvent) -> Bool {
    defer { synchronize() }
    front.context.status = nil
    if isShowingHelp {
      isShowingHelp = false
      return true
    }
    if var current = prompt {
      switch current.handle(event) {
      case .open: prompt = current
      case .chosen(let action):
        closePrompt()
        action?.handler?()
      }
      return true
    }
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
      isShowingHelp = true
    case .character("q") where !screen.isEditingText:
      requestQuit?()
    default:
      return false
    }
    return true
  }

  private func goBack() {
    if let sheet = sheets.last {
      dismiss(sheet.context)
    } else {
      _ = router.pop()
    }
  }

  /// The stack's own keys for the footer: `?` and `q` only when no text field takes them.
  private var stackBindings: [KeyBinding] {
    var bindings: [KeyBinding] = []
    if entries.count > 1 || !sheets.isEmpty { bindings.append(KeyBinding(.escape, "Back")) }
    guard !front.screen.isEditingText else { return bindings }
    bindings.append(KeyBinding(.character("?"), "Help"))
    bindings.append(KeyBinding(.character("q"), "Quit"))
    return bindings
  }

  // MARK: - Drawing

  /// Draws the header (breadcrumb), the front screen, the status line and the footer,
  /// with any sheet, prompt or help overlay on top.
  ///
  /// - Parameter frame: The frame to draw into.
  public func render(into frame: inout Frame) {
    _ = changes.count
    synchronize()
    let size = frame.size
    guard size.rows >= 3, size.columns >= 4 else {
      frame.draw(front.screen.title, row: 0, column: 0)
      return
    }
    frame.fill(Rect(row: 0, column: 0, width: size.columns, height: 1), style: .header)
    frame.draw(
      breadcrumbText(width: size.columns - 2), row: 0, column: 1, style: .header, sanitizing: false)
    let content = Rect(row: 1, column: 0, width: size.columns, height: size.rows - 3)
    entries[entries.count - 1].screen.render(into: &frame, area: content)
    for sheet in sheets {
      frame.cursor = nil
      let inside = frame.drawBox(
        content.inset(rows: 1, columns: 2), title: sheet.screen.title, style: .header)
      sheet.screen.render(into: &frame, area: inside)
    }
    let statusRow = size.rows - 2
    if let status = front.context.status {
      frame.draw(
        status, row: statusRow, column: 1, width: size.columns - 2, style: .error, sanitizing: false
      )
    } else if front.context.isBusy {
      Spinner.render("Working…", into: &frame, row: statusRow, column: 1, width: size.columns - 2)
    }
    let own = front.screen.keyBindings
    let declared = Set(own.flatMap(\.keys))
    let bindings = own + stackBindings.filter { declared.isDisjoint(with: $0.keys) }
    // While a prompt is open only its keys work, so the footer shows those.
    KeyHintsView.render(
      prompt?.keyBindings ?? bindings, into: &frame, row: size.rows - 1, width: size.columns)
    if let prompt {
      frame.cursor = nil
      prompt.render(into: &frame, area: content)
    } else if isShowingHelp {
      frame.cursor = nil
      HelpOverlay.render(bindings, into: &frame, area: content)
    }
  }

  private func breadcrumbText(width: Int) -> String {
    let titles = breadcrumb.map(\.terminalSafe)
    var text = titles.joined(separator: " › ")
    var dropped = 0
    while text.terminalWidth > width, dropped < titles.count - 1 {
      dropped += 1
      text = (["…"] + titles[dropped...]).joined(separator: " › ")
    }
    return text
  }
}

/// Observed by the stack's render: bumped when a sheet or prompt comes or goes.
@MainActor @Observable
final class StackChanges {
  var count = 0
}
