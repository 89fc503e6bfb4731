import CoreBase
public import Foundation

/// JSON output that is safe to show in a terminal and to read by eye.
///
/// `JSONEncoder` escapes C0 controls but writes C1 controls (U+0080–U+009F), bidi
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width characters and
/// line/paragraph separators as they are: a title can then reorder or hide text when
/// the JSON is printed. ``escapingInvisibleCharacters(_:)`` writes each of them as a
/// `\uxxxx` escape (lower-case hex, as `JSONEncoder` writes `\u001b`), which every
/// JSON reader decodes to the same string.
///
/// <!-- doc-test: skip a fragment: `encoder` and `context` come from its surroundings -->
/// ```swift
/// let json = try encoder.encode(listing)
/// context.write(CommandLineJSON.escapingInvisibleCharacters(String(decoding: json, as: UTF8.self)))
/// ```
public enum CommandLineJSON {
  /// `json` with every invisible or controlling character written as `\uxxxx`: the
  /// scalars of Core's `InvisibleCharacter` list but C0 controls
  /// (`Unicode.Scalar.isEscapedInShownJSON`), escaped by the function the stores'
  /// JSON uses too (Core's `JSONEscaping`).
  ///
  /// Outside strings, JSON holds only structural characters and plain whitespace, so
  /// every character replaced is inside a string, where the escape means the same.
  ///
  /// - Parameter json: Valid JSON text, as an encoder wrote it.
  /// - Returns: The same JSON document, with those characters escaped.
  public static func escapingInvisibleCharacters(_ json: String) -> String {
    JSONEscaping.escapingInvisibles(json)
  }

  /// Encodes `value` as the apps print JSON: pretty-printed, keys sorted, slashes
  /// as they are, invisible characters escaped, an empty array or object as `[]` /
  /// `{}`, ending in a newline.
  ///
  /// - Parameters:
  ///   - value: What to encode.
  ///   - configure: Changes to the encoder, such as a date strategy.
  /// - Returns: The JSON text.
  /// - Throws: What `JSONEncoder` throws.
  public static func encode(
    _ value: some Encodable, configure: (JSONEncoder) -> Void = { _ in }
  ) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    configure(encoder)
    let data = StrictJSON.collapsingEmptyContainers(try encoder.encode(value))
    return escapingInvisibleCharacters(String(decoding: data, as: UTF8.self)) + "\n"
  }
}
