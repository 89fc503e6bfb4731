import Core

/// The interactive UI: the list and detail screens on the terminal shell.
enum TodoApp {
  /// Runs the interactive UI until the user quits.
  @MainActor
  static func runInteractive(store: TodoStore, context: CommandContext) async throws {
    // The terminal shell (rendering, screen stack) is not on main yet: list instead.
    let document = try store.load()
    let today = Day.today()
    let items = TodoItem.inListOrder(document.items.filter { !$0.isDone })
    context.write(PlainListing(styles: .init(context: context), today: today).lines(items))
  }
}
