package import Foundation

/// Finds a key written twice in one JSON object.
///
/// Foundation's JSON readers keep one of the two values and drop the other without a
/// word, so a hand-edited settings file with `appearance` twice would read one way
/// here and maybe another elsewhere, and the next `set` would silently drop one. The
/// settings file is refused instead, as the todo store refuses its own.
///
/// The scan runs on text a JSON reader has already accepted, so it only has to tell
/// keys from values: strings are skipped whole, and a string is a key when it opens
/// an object's member (after `{` or `,` inside an object).
package enum JSONDuplicateKeys {
  /// A key written twice: the key and where its second appearance starts.
  package struct Duplicate: Equatable {
    /// The key, as JSON decodes it (escapes resolved).
    var key: String
    /// The 1-based line of the second appearance.
    var line: Int
    /// The 1-based column (in bytes) of its opening quote.
    var column: Int
  }

  /// The first key that appears twice in the same object, at any depth.
  ///
  /// - Parameter data: Valid JSON.
  /// - Returns: The duplicate, or `nil` when every object's keys are distinct.
  package static func first(in data: Data) -> Duplicate? {
    let bytes = [UInt8](data)
    // One entry per open container: the keys seen so far, or nil for an array.
    var open: [Set<String>?] = []
    var expectsKey = false
    var line = 1
    var lineStart = 0
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "{"):
        open.append([])
        expectsKey = true
      case UInt8(ascii: "["):
        open.append(nil)
        expectsKey = false
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = open.popLast()
        expectsKey = false
      case UInt8(ascii: ","):
        expectsKey = open.last.map { $0 != nil } ?? false
      case UInt8(ascii: "\n"):
        line += 1
        lineStart = index + 1
      case UInt8(ascii: "\""):
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        if expectsKey, let last = open.indices.last, var keys = open[last] {
          let key = decodedString(bytes[start...min(index, bytes.count - 1)])
          guard keys.insert(key).inserted else {
            return Duplicate(key: key, line: line, column: start - lineStart + 1)
          }
          open[last] = keys
          expectsKey = false
        }
      default:
        break
      }
      index += 1
    }
    return nil
  }

  /// A quoted JSON string's value; the text between the quotes when it cannot be decoded.
  private static func decodedString(_ quoted: ArraySlice<UInt8>) -> String {
    let inner = quoted.dropFirst().dropLast()
    guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
    return (try? JSONDecoder().decode(String.self, from: Data(quoted)))
      ?? String(decoding: inner, as: UTF8.self)
  }
}
