import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// A suite whose tests drive todo's screens on the virtual terminal over `store` at a
/// fixed `now`: the harness and the keys they share.
@MainActor
protocol ScreenSuite {
  /// The list the screens show.
  var store: TodoStore { get }
  /// The time the screens see.
  var now: Now { get }
}

extension ScreenSuite {
  /// Presses down on the detail screen from the title to `field`, however many
  /// fields come before it.
  static func moveDown(to field: TodoField, in harness: ScreenHarness) {
    for _ in 0..<(TodoField.allCases.firstIndex(of: field) ?? 0) { harness.press(.down) }
  }

  /// The app's screens over `store`, settled, on a virtual terminal of that size.
  func makeHarness(columns: Int = 64, rows: Int = 12, displayName: String? = nil) async
    -> ScreenHarness
  {
    let fixed = now
    let harness = ScreenHarness(
      size: TerminalSize(columns: columns, rows: rows),
      root: TodoApp.makeStack(
        store: store, now: { fixed }, displayName: displayName, work: .inline()))
    await harness.settle()
    return harness
  }
}

/// The lists the screens' suites start from, each in a temporary folder of its own.
enum ScreenStores {
  /// Four items: one tagged, one overdue of high priority, one due later whose title
  /// holds an escape sequence, one done.
  static func sample(prefix: String) throws -> (TemporaryDirectory, TodoStore) {
    let folder = try TemporaryDirectory(prefix: prefix)
    let store = TodoStore(directory: folder.url)
    try store.change { document in
      try document.add([
        .init(title: "Buy milk", tags: ["shop"], created: 1_778_000_000),
        .init(
          title: "Pay rent", priority: .high, due: Day(iso: "2026-05-01"), created: 1_778_000_000),
        .init(
          title: "Call mom \u{1B}]0;pwned\u{7}", priority: .low, due: Day(iso: "2026-05-09"),
          created: 1_778_000_000),
        .init(title: "Water plants", created: 1_778_000_000, completed: 1_778_050_000),
      ])
    }
    return (folder, store)
  }

  /// Two items: one tagged, one overdue of high priority.
  static func twoItems(prefix: String) throws -> (TemporaryDirectory, TodoStore) {
    let folder = try TemporaryDirectory(prefix: prefix)
    let store = TodoStore(directory: folder.url)
    try store.change { document in
      try document.add([
        .init(title: "Buy milk", tags: ["shop"], created: 1),
        .init(title: "Pay rent", priority: .high, due: Day(iso: "2026-05-01"), created: 1),
      ])
    }
    return (folder, store)
  }
}
