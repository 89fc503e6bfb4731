public import Foundation

/// Core's JSON: the strict check and decoder every stored value goes through, and
/// the front of `Core/CoreBase/JSON` (a scanner checks the bytes and builds a flat index of
/// their values, `JSONIndex`; a decoder reads values from that index).
///
/// Foundation's JSON readers on Linux accept more than RFC 8259 and say little
/// about where a file is wrong: a trailing comma (`[1,2,]`) is read as if it were
/// not there, and a repeated key keeps one of its values and drops the other in
/// silence (`JSONDecoder` the first, `JSONSerialization` the last), so a value
/// read and written back would lose what the file held. Their syntax errors name
/// no line. This check refuses exactly what the grammar refuses, plus repeated
/// keys in one object, and names the line and column of the problem.
///
/// It accepts RFC 8259 JSON in UTF-8: no comments, no trailing commas, no leading
/// zeros, only the escapes the grammar lists, valid UTF-8 everywhere, surrogate
/// escapes only in pairs, numbers a `Double` holds, nesting at most 512 levels
/// deep, less than 4 GiB in all. A differential test against
/// `JSONSerialization` checks that it refuses everything Foundation refuses.
///
/// The typed store API reads every value through ``decode(_:from:)``, which checks
/// and decodes in one pass; use it for other JSON an app reads, such as an import
/// file.
///
/// <!-- doc-test: context
/// struct Todo: Decodable {}
/// let data = Data("[]".utf8)
/// -->
/// ```swift
/// let todos = try StrictJSON.decode([Todo].self, from: data)
/// ```
public enum StrictJSON {
  /// Why bytes are not strict JSON, and where.
  public struct Problem: Error, CustomStringConvertible, Equatable {
    /// What is wrong, e.g. `the key 'title' appears twice`.
    public var reason: String
    /// The byte offset where it was noticed.
    public var offset: Int
    /// The line, from 1.
    public var line: Int
    /// The column on that line, in bytes from 1.
    public var column: Int
    /// The key, when the problem is a key written twice in one object (escapes
    /// resolved); the line and column are then those of its second appearance.
    public var repeatedKey: String?

    /// `line 3, column 7: the key 'title' appears twice`.
    public var description: String { "line \(line), column \(column): \(reason)" }
  }

  /// Checks `data` strictly and decodes it, in one pass over the bytes.
  ///
  /// The check builds a flat index of the document's values, and the value is
  /// decoded from that index: the result, and the `DecodingError` for a value of
  /// the wrong shape, are what `JSONDecoder` gives (a differential test checks
  /// this), several times faster (Docs/Benchmarks.md). Objects read by
  /// `decoder.strictContainer(keyedBy:)` are checked for unknown keys on the index,
  /// without making a `String` of each key.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: UTF-8 JSON.
  /// - Returns: The value.
  /// - Throws: ``Problem`` for bytes that are not strict JSON, else a
  ///   `DecodingError` (or what the type's `init(from:)` throws).
  public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws
    -> Value
  {
    try decode(type, from: data, userInfo: [:])
  }

  /// ``decode(_:from:)`` with values for the decoder's `userInfo`.
  package static func decode<Value: Decodable>(
    _ type: Value.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable]
  ) throws -> Value {
    try data.withUnsafeBytes { raw in
      let document = try JSONIndex(scanning: raw.bindMemory(to: UInt8.self), userInfo: userInfo)
      defer { document.close() }
      return try JSONIndexDecoder(document: document).decodeValue(type)
    }
  }

  /// The largest text read: less than 4 GiB (the index keeps offsets in 32 bits).
  package static let maximumSize = 1 << 32

  /// How deep objects and arrays may nest; deeper input is refused, never a crash.
  package static let maximumDepth = 512

  /// Checks that `data` is one strict JSON value and nothing else.
  ///
  /// - Parameter data: The bytes.
  /// - Throws: ``Problem`` naming the first problem's line and column.
  public static func check(_ data: Data) throws(Problem) {
    let result = data.withUnsafeBytes { raw -> Problem? in
      do throws(Problem) {
        try JSONScanner.scan(raw.bindMemory(to: UInt8.self)).deallocate()
        return nil
      } catch {
        return error
      }
    }
    if let result { throw result }
  }

  /// Whether `data` is one strict JSON value and nothing else.
  public static func isValid(_ data: Data) -> Bool {
    (try? check(data)) != nil
  }
}
