internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

/// The interactive UI: the list screen at the root, detail screens pushed on it.
enum TodoApp {
  /// Builds the screen stack: the list at the root; `.detail` pushes a detail screen
  /// whose saves reload the list.
  ///
  /// - Parameters:
  ///   - store: Where the list lives.
  ///   - now: The current time and day.
  ///   - displayName: The name the list's header greets, if any.
  ///   - work: Where the screens' saves run, off the main actor.
  ///   - sync: How the list syncs (the `s` key), when it is set up.
  ///   - list: The list's interactor, when the caller made it (a test that waits for
  ///     its tasks); else one is made from the arguments above.
  /// - Returns: The stack, ready for a `TerminalRuntime`.
  @MainActor
  static func makeStack(
    store: TodoStore, now: @escaping @MainActor () -> Now = { Now() }, displayName: String? = nil,
    work: BlockingWork = BlockingWork(), sync: TodoListSync? = nil,
    list: TodoListInteractor? = nil
  ) -> ScreenStack<TodoRoute> {
    let list =
      list
      ?? TodoListInteractor(
        store: store, now: now, displayName: displayName, work: work, sync: sync)
    weak var detail: TodoDetailInteractor?
    return ScreenStack(
      router: Router<TodoRoute>(),
      root: { TodoListScreen(context: $0, interactor: list) },
      destination: { route, context in
        switch route {
        // The list shows a delete confirmation as a prompt, never pushed; both map to the item.
        case .detail(let id), .confirmDelete(let id):
          let interactor = TodoDetailInteractor(id: id, store: store, now: now, work: work)
          detail = interactor
          return TodoDetailScreen(
            context: context, interactor: interactor,
            onChange: { [weak list] in list?.reload() })
        case .priority(let id):
          return priorityPicker(id: id, store: store, work: work, context: context) {
            [weak list] in
            list?.reload()
            detail?.reload()
          }
        }
      })
  }

  /// The picker for one item's priority (Core's `ChoicePickerScreen`, shared with
  /// the settings app); `none` removes the priority. The item is read when the
  /// picker appears and the change is made off the main actor, both in `work`: the
  /// picker opens at once and shows busy while the disk answers.
  @MainActor
  static func priorityPicker(
    id: Int, store: TodoStore, work: BlockingWork, context: ScreenContext<TodoRoute>,
    onChange: @escaping @MainActor () -> Void
  ) -> ChoicePickerScreen<TodoRoute> {
    let model = ChoicePickerModel(
      title: "Priority", summary: "How important “#\(id)” is.",
      choices: ["none"] + Priority.allCases.reversed().map(\.name), current: nil)
    let load: @MainActor () async throws -> ChoicePickerInteractor.Loaded = {
      let item = try await work.read { try store.load().item(id) }
      return ("How important “\(item.title)” is.", item.priority?.name ?? "none")
    }
    return ChoicePickerScreen(model: model, context: context, load: load) { choice in
      let edit = TodoDocument.Edit(priority: .some(Priority(name: choice)))
      try await work.run("set the priority of \(id) to \(choice)") { commit in
        try store.change { document in
          try document.edit(id, edit)
          try commit()
        }
      }
      onChange()
    }
  }

  /// Runs the interactive UI on the process's terminal until the user quits; a save
  /// still waiting for the list's lock then is either finished or reported as not made.
  ///
  /// - Parameters:
  ///   - store: Where the list lives.
  ///   - context: Colors, appearance and theme.
  ///   - greeting: The name the list greets, if any.
  ///   - sync: How the list syncs, when it is set up.
  /// - Throws: When the terminal cannot enter interactive mode; `AppError` (exit 75)
  ///   naming the changes that were not made.
  @MainActor
  static func runInteractive(
    store: TodoStore, context: CommandContext, greeting: String?, sync: TodoListSync? = nil
  ) async throws {
    _ = try store.load()  // a damaged file is reported before the screen opens
    let work = BlockingWork()
    try await context.runTerminalUI(
      makeStack(store: store, displayName: greeting, work: work, sync: sync),
      looks: TodoPreferences.looks(for: context))
    try await work.settleOnQuit()
  }
}
