internal import CoreBase
internal import CoreTerminal

/// `<id>`: the one todo `show`, `edit` and `note` act on, and the one rule every
/// command reads an id by.
struct TodoID: CommandOptions {
  @Argument(
    "id", help: "The todo's id.", completion: TodoID.completion(listing: "--all"),
    expected: TodoID.expected, parse: TodoID.parse)
  var id: Int

  /// What an id looks like, for messages.
  static let expected = "a todo id (a whole number)"

  /// ASCII digits only (no sign, space, point or `0x`), above 0.
  static func parse(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let id = Int(text), id > 0
    else { return nil }
    return id
  }

  /// Tab offers the ids `todo list ARGUMENTS` prints, e.g. the open ones for `done`.
  static func completion(listing arguments: String) -> CompletionKind {
    .shellCommand(
      "\(appIdentity.name) list \(arguments)\(arguments.isEmpty ? "" : " ")--color never"
        + " | awk '$1 ~ /^[0-9]+$/ { print $1 }'")
  }
}
