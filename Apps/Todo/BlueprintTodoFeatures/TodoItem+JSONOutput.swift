package import BlueprintTodoModel
internal import CoreTerminal
internal import Foundation

/// `--json` output: the items in their one JSON form (``TodoItem``'s `Codable`), as
/// `todo list --json` and `todo show --json` print them.
extension TodoItem {
  /// The items at `order`'s indices as a JSON array, one item per line, with a
  /// final newline; invisible characters are escaped (`CommandLineJSON`).
  ///
  /// - Throws: What `JSONEncoder` throws (nothing, for valid items).
  package static func jsonArray(_ items: [TodoItem], order: [Int]) throws -> String {
    let encoder = outputEncoder
    var text = "["
    text.reserveCapacity(16 + order.count * 200)
    for (position, index) in order.enumerated() {
      text += position == 0 ? "\n  " : ",\n  "
      text += String(decoding: try encoder.encode(items[index]), as: UTF8.self)
    }
    text += order.isEmpty ? "]\n" : "\n]\n"
    return CommandLineJSON.escapingInvisibleCharacters(text)
  }

  /// Every item as a JSON array, one item per line.
  package static func jsonArray(_ items: [TodoItem]) throws -> String {
    try jsonArray(items, order: Array(items.indices))
  }

  /// One item as a JSON object with a final newline.
  package func jsonObject() throws -> String {
    let json = String(decoding: try Self.outputEncoder.encode(self), as: UTF8.self)
    return CommandLineJSON.escapingInvisibleCharacters(json) + "\n"
  }

  /// One item per line: compact, keys sorted, slashes as they are.
  private static var outputEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
