package import CoreBase
internal import Foundation

/// The fields of an item a person edits, each declared once: its label, where the
/// item keeps it, and the text that sets it.
///
/// The command line (`add` and `edit` take an option per field, `show` prints a line
/// per field), the detail screen (a row per field, in the terminal and in SwiftUI) and
/// the list's row (``listRow(today:)``: `todo list`, the terminal list, the SwiftUI
/// list) all read this file, so a new field is one case here, its line in ``spec``,
/// its column in ``listRow(today:)`` if the list shows it, its property
/// (`TodoItem.swift`) and its key (`TodoItem+Codable.swift`):
///
/// ```swift
/// case .start: Spec("Start", .day(\.start), option: "When to start it")
/// ```
package enum TodoField: String, CaseIterable, Hashable, Sendable {
  case title, due, priority, tags, note

  /// Everything about one field.
  struct Spec {
    /// The label on the detail screen, e.g. `Due`.
    var label: String
    /// What the field holds and where the item keeps it.
    var slot: Slot
    /// The help of the field's option on `add` and `edit` (`--due DATE`), without a
    /// final period; nil when no option sets it.
    var option: String?
    /// The option's one-letter form, e.g. `p` for `--priority`.
    var short: Character?

    init(_ label: String, _ slot: Slot, option: String? = nil, short: Character? = nil) {
      self.label = label
      self.slot = slot
      self.option = option
      self.short = short
    }
  }

  /// The kinds of value a field holds, each with the item's property that keeps it.
  enum Slot {
    /// A title: one line, never empty.
    case title(WritableKeyPath<TodoItem, String>)
    /// A day, or none.
    case day(WritableKeyPath<TodoItem, Day?>)
    /// A priority, or none.
    case priority(WritableKeyPath<TodoItem, Priority?>)
    /// Tags, one word each.
    case tags(WritableKeyPath<TodoItem, [String]>)
    /// A text of any lines, or none.
    case text(WritableKeyPath<TodoItem, String?>)
  }

  /// The fields, in the order of the detail screen.
  var spec: Spec {
    switch self {
    case .title: Spec("Title", .title(\.title), option: "The new title")
    case .due: Spec("Due", .day(\.due), option: "When it is due")
    case .priority:
      Spec("Priority", .priority(\.priority), option: "low, medium or high", short: "p")
    case .tags: Spec("Tags", .tags(\.tags))
    case .note: Spec("Note", .text(\.note))
    }
  }

  /// What a field is set to, as ``value(from:today:)`` reads it from text.
  package enum Value: Hashable, Sendable {
    case text(String?)
    case day(Day?)
    case priority(Priority?)
    case tags([String])
  }

  /// The kind of value, for the shells that show a field in a way of its own (a
  /// priority picker, a note of several lines, dates completed).
  package enum Kind: Hashable, Sendable {
    case title, day, priority, tags, text
  }

  // MARK: - Reading the table

  /// The label on the detail screen, e.g. `Due`.
  package var label: String { spec.label }

  /// The kind of value the field holds.
  package var kind: Kind {
    switch spec.slot {
    case .title: .title
    case .day: .day
    case .priority: .priority
    case .tags: .tags
    case .text: .text
    }
  }

  /// The help of the field's option (`--due`), without a final period; nil when no
  /// option sets it.
  package var optionHelp: String? { spec.option }

  /// The one-letter form of the field's option, if any.
  package var optionShort: Character? { spec.short }

  /// Whether an empty text (or `none`) removes the field's value.
  package var isRemovable: Bool { kind != .title }

  /// Whether `text`, typed for the field, removes its value: the one rule for every
  /// field but the title, a field added later included. Empty (or white space only)
  /// or `none` in any case removes.
  package func removes(_ text: String) -> Bool {
    guard isRemovable else { return false }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty || trimmed.lowercased() == "none"
  }

  /// The value of a field that has none: no day, no priority, no tags, no text.
  package var noValue: Value {
    switch kind {
    case .title, .text: .text(nil)
    case .day: .day(nil)
    case .priority: .priority(nil)
    case .tags: .tags([])
    }
  }

  /// What the field accepts, for messages: `low, medium or high`.
  package var expected: String {
    switch kind {
    case .title: "a title"
    case .day: Day.expectedInput
    case .priority: "low, medium or high"
    case .tags: "tags (one word each)"
    case .text: "a text"
    }
  }

  // MARK: - Values

  /// The field's value in `item`.
  package func value(of item: TodoItem) -> Value {
    switch spec.slot {
    case .title(let path): .text(item[keyPath: path])
    case .day(let path): .day(item[keyPath: path])
    case .priority(let path): .priority(item[keyPath: path])
    case .tags(let path): .tags(item[keyPath: path])
    case .text(let path): .text(item[keyPath: path])
    }
  }

  /// Sets the field of `item` to `value` (a value of the field's kind, as
  /// ``value(from:today:)`` gives).
  package func set(_ value: Value, on item: inout TodoItem) {
    switch (spec.slot, value) {
    case (.title(let path), .text(let text?)): item[keyPath: path] = text
    case (.day(let path), .day(let day)): item[keyPath: path] = day
    case (.priority(let path), .priority(let priority)): item[keyPath: path] = priority
    case (.tags(let path), .tags(let tags)): item[keyPath: path] = TodoDocument.unique(tags)
    case (.text(let path), .text(let text)):
      item[keyPath: path] = text?.isEmpty == true ? nil : text
    default: preconditionFailure("\(value) is no value of the field \(rawValue)")
    }
  }

  /// The field's value in `item` as text, as the detail screen edits it: empty when
  /// it has none.
  package func text(of item: TodoItem) -> String {
    switch value(of: item) {
    case .text(let text): text ?? ""
    case .day(let day): day?.description ?? ""
    case .priority(let priority): priority?.name ?? ""
    case .tags(let tags): tags.joined(separator: " ")
    }
  }

  /// Reads text typed for the field, as an option's value or in the detail screen.
  ///
  /// An empty text (or `none`, ``removes(_:)``) removes the value of any field but
  /// the title, whatever its kind; a day is
  /// read by `Day.parse(_:today:)`, tags are separated by spaces or commas, and a
  /// text keeps its lines and spaces.
  ///
  /// - Parameters:
  ///   - text: The text as typed.
  ///   - today: The day relative dates count from.
  /// - Returns: The value.
  /// - Throws: ``TodoError/invalidValue(field:text:)`` for a day or a priority it
  ///   cannot read, or the ``TodoError`` of a title or tag that is not valid.
  package func value(from text: String, today: Day) throws(TodoError) -> Value {
    if removes(text) { return noValue }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch kind {
    case .title:
      return .text(try TodoItem.validTitle(text))
    case .day:
      guard let day = Day.parse(trimmed, today: today) else {
        throw .invalidValue(field: self, text: trimmed)
      }
      return .day(day)
    case .priority:
      guard let priority = Priority(name: trimmed) else {
        throw .invalidValue(field: self, text: trimmed)
      }
      return .priority(priority)
    case .tags:
      let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
      return .tags(try words.map { tag throws(TodoError) in try TodoItem.validTag(tag) })
    case .text:
      return .text(text)
    }
  }
}

// MARK: - The list's row

extension TodoField {
  /// The columns of a row of the list, declared once for every shell: `todo list`
  /// prints the fixed-width ones before the title and the others after it, the
  /// terminal list shows them right of the title (the least important left out first
  /// when narrow), the SwiftUI list under it.
  ///
  /// - Parameter today: The day an item is overdue against.
  /// - Returns: The row's columns, the title first.
  package static func listRow(today: Day) -> ListColumns<TodoItem> {
    ListColumns([
      ListColumn(
        "Title", importance: .essential, width: .fill,
        tone: { $0.isDone ? .secondary : .plain }
      ) { $0.title },
      ListColumn("Tags", importance: .low, width: .content(minimum: 6)) { item in
        item.tags.isEmpty ? nil : item.tags.map { "+" + $0 }.joined(separator: "  ")
      },
      ListColumn("Priority", importance: .medium, width: .fixed(6)) { $0.priority?.name },
      ListColumn(
        "Due", importance: .high, width: .fixed(10),
        tone: { $0.isOverdue(today: today) ? .danger : .plain }
      ) { $0.due?.description },
    ])
  }
}
