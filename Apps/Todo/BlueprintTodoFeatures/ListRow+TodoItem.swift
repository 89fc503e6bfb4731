internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal

extension ListRow {
  /// An item's row in the list screen: check box, id (padded to `idWidth`) and title;
  /// the other columns of the list's row (``TodoField/listRow(today:)``) at the right,
  /// as `fitted` fits them.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - idWidth: The widest id's digits, so that the titles line up.
  ///   - columns: The list's row.
  ///   - fitted: Its detail columns fitted to the list's width.
  init(
    todo item: TodoItem, idWidth: Int, columns: ListColumns<TodoItem>,
    fitted: FittedListColumns<TodoItem>
  ) {
    let id = String(item.id)
    let padding = String(repeating: " ", count: max(0, idWidth - id.count))
    self.init(
      (item.isDone ? "[x] " : "[ ] ") + padding + id + "  " + (columns.title?.text(item) ?? ""),
      detail: fitted.detail(of: item), style: .tone(columns.tone(of: item)))
  }
}
