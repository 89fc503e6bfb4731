import BlueprintTodoModel
import Core
import CoreTerminal

/// The interactive UI: the list screen at the root, detail screens pushed on it.
enum TodoApp {
  /// Builds the screen stack: the list at the root; `.detail` pushes a detail screen
  /// whose saves reload the list.
  ///
  /// - Parameters:
  ///   - store: Where the list lives.
  ///   - now: The current time and day.
  ///   - displayName: The name the list's header greets, if any.
  /// - Returns: The stack, ready for a `TerminalRuntime`.
  @MainActor
  static func makeStack(
    store: TodoStore, now: @escaping @MainActor () -> Now = { Now() }, displayName: String? = nil
  ) -> ScreenStack<TodoRoute> {
    let list = TodoListInteractor(store: store, now: now, displayName: displayName)
    return ScreenStack(
      router: Router<TodoRoute>(),
      root: { TodoListScreen(context: $0, interactor: list) },
      destination: { route, context in
        switch route {
        // A delete confirmation is shown as a prompt and never pushed; both map to the item.
        case .detail(let id), .confirmDelete(let id):
          TodoDetailScreen(
            context: context, interactor: TodoDetailInteractor(id: id, store: store, now: now),
            onChange: { [weak list] in list?.reload() })
        }
      })
  }

  /// Runs the interactive UI on the process's terminal until the user quits.
  ///
  /// - Parameters:
  ///   - store: Where the list lives.
  ///   - context: Colors, appearance and theme.
  /// - Throws: When the terminal cannot enter interactive mode.
  @MainActor
  static func runInteractive(store: TodoStore, context: CommandContext) async throws {
    _ = try store.load()  // a damaged file is reported before the screen opens
    let runtime = TerminalRuntime(
      terminal: SystemTerminal(),
      root: makeStack(store: store, displayName: context.settings.displayName),
      capability: context.colorCapability, appearance: context.appearance, theme: context.theme)
    try await runtime.run()
  }
}
