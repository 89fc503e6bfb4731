internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// The plain-text form of items, as `todo list` and `todo show` print them.
///
/// ```
///  3  [ ] high    2026-05-02  Call mom  +family
///  1  [ ]                     Buy milk
/// ```
///
/// Titles and tags are sanitized (data never moves the cursor); ids are drawn in
/// the theme's accent color and overdue dates in its danger color when the output
/// has colors.
struct PlainListing {
  /// Escape sequences for the parts that are colored; empty without color.
  struct Styles {
    var id = ""
    var overdue = ""
    var done = ""
    var reset = ""

    /// Styles from the shared theme for what the output supports.
    init(context: CommandContext) {
      let capability = context.colorCapability
      guard capability != .none else { return }
      let palette = context.theme.palette
      let appearance = context.appearance
      id = palette.accent.sgrSequence(.foreground, capability: capability, appearance: appearance)
      overdue = palette.danger.sgrSequence(
        .foreground, capability: capability, appearance: appearance)
      done = palette.secondaryText.sgrSequence(
        .foreground, capability: capability, appearance: appearance)
      reset = "\u{1B}[0m"
    }

    /// No colors.
    init() {}
  }

  var styles: Styles
  var today: Day

  /// One line per item, in the order given.
  func lines(_ items: [TodoItem]) -> String {
    lines(items, order: Array(items.indices))
  }

  /// One line per item at `order`'s indices.
  func lines(_ items: [TodoItem], order: [Int]) -> String {
    var text = ""
    let columns = Columns(TodoField.listRow(today: today))
    let idWidth = String(order.lazy.map { items[$0].id }.max() ?? 0).count
    text.reserveCapacity(order.count * 80)
    for index in order {
      line(items[index], idWidth: idWidth, columns: columns, into: &text)
    }
    return text
  }

  /// The list's row (``TodoField/listRow(today:)``) arranged for plain text: the
  /// fixed-width columns before the title, where they line up from line to line, the
  /// others after it, where a long one pushes nothing out of line.
  struct Columns {
    var leading: [ListColumn<TodoItem>] = []
    var title: ListColumn<TodoItem>?
    var trailing: [ListColumn<TodoItem>] = []

    init(_ row: ListColumns<TodoItem>) {
      title = row.title
      for column in row.details {
        if case .fixed = column.width {
          leading.append(column)
        } else {
          trailing.append(column)
        }
      }
    }
  }

  /// The header above a listing on a terminal: a greeting when the shared settings
  /// have a display name, then the counts.
  ///
  /// ```
  /// Hello, Ada. 3 open · 1 done · 1 overdue · overdue first, then due today, then by urgency
  /// ```
  ///
  /// - Parameters:
  ///   - counts: The whole list's numbers.
  ///   - shown: How many items the listing shows.
  ///   - isFiltered: Whether a filter chose them (the count shown is then added).
  ///   - greeting: The display name, if set.
  ///   - order: The listing's order, said last when something is shown.
  /// - Returns: One line, dimmed when the output has colors.
  func header(
    _ counts: TodoCounts, shown: Int, isFiltered: Bool, greeting: String?,
    order: TodoOrder = .standard
  ) -> String {
    var text = Self.greeting(greeting) + counts.summary
    if isFiltered { text += " · \(shown) shown" }
    if shown > 0 { text += " · " + order.summary }
    return styles.done + text + styles.reset + "\n"
  }

  /// `Hello, NAME. ` for a display name that is not blank, sanitized; else empty.
  static func greeting(_ name: String?) -> String {
    guard let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return "" }
    return "Hello, \(name.terminalSafe). "
  }

  /// Every field of one item, one per line: the title, its state, then each
  /// field of the model's table (``TodoField``) in its order, and its times.
  func details(_ item: TodoItem) -> String {
    var text = styles.id + "#\(item.id)" + styles.reset + "  " + item.title.terminalSafe + "\n"
    text += "status:    " + (item.isDone ? "done" : "open") + "\n"
    for field in TodoField.allCases where field.kind != .title {
      let label = field.rawValue + ":"
      let indent = String(repeating: " ", count: max(11, label.count + 1))
      var line = label + String(repeating: " ", count: indent.count - label.count)
      switch field.value(of: item) {
      case .text(nil): line += "none"  // unset is `none` for every field, as on the screen
      case .text(let value?):
        // One line per line of the text (`note --append` adds them), aligned.
        let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
        line += lines.map { String($0).terminalSafe }.joined(separator: "\n" + indent)
      case .day(let day?) where field == .due && item.isOverdue(today: today):
        line += styles.overdue + day.description + styles.reset + " (overdue)"
      case .day(let day): line += day?.description ?? "none"
      case .priority(let priority): line += priority?.name ?? "none"
      case .tags(let tags):
        line += tags.isEmpty ? "none" : tags.map(\.terminalSafe).joined(separator: ", ")
      }
      text += line + "\n"
    }
    text += "created:   " + TodoItem.timestamp(item.created) + "\n"
    if let completed = item.completed {
      text += "completed: " + TodoItem.timestamp(completed) + "\n"
    }
    return text
  }

  private func line(
    _ item: TodoItem, idWidth: Int, columns: Columns, into text: inout String
  ) {
    let id = String(item.id)
    text += String(repeating: " ", count: max(0, idWidth - id.count) + 1)
    text += styles.id
    text += id
    text += styles.reset
    text += item.isDone ? "  [x] " : "  [ ] "
    for column in columns.leading {
      guard case .fixed(let width) = column.width else { continue }
      let value = column.text(item)?.terminalSafe ?? ""
      append(value, tone: column.tone(item), into: &text)
      text += String(repeating: " ", count: max(0, width - value.terminalWidth) + 2)
    }
    if let title = columns.title {
      append(title.text(item)?.terminalSafe ?? "", tone: title.tone(item), into: &text)
    }
    for column in columns.trailing {
      guard let value = column.text(item), !value.isEmpty else { continue }
      text += "  "
      append(value.terminalSafe, tone: column.tone(item), into: &text)
    }
    text += "\n"
  }

  /// `value` in the colour of its tone, when the output has colours.
  private func append(_ value: String, tone: ListColumnTone, into text: inout String) {
    let color =
      switch tone {
      case .plain: ""
      case .secondary: styles.done
      case .danger: styles.overdue
      }
    guard !color.isEmpty, !value.isEmpty else {
      text += value
      return
    }
    text += color
    text += value
    text += styles.reset
  }
}
