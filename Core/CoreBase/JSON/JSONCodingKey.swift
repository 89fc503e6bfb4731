/// The one key the JSON decoder and encoder make themselves, for coding paths and
/// for reading an object by name: an array position, named as `JSONDecoder` and
/// `JSONEncoder` name it (`Index 3`), or a name (an object's key as written,
/// `super`).
///
/// A position's name is made only when it is asked for: the decoder makes a key
/// for every element it reads, and almost none ends up in an error.
struct JSONCodingKey: CodingKey {
  /// The position, or -1 for a name.
  private let position: Int
  private let name: String

  /// The key of the element at `index` of an array.
  init(index: Int) {
    position = index
    name = ""
  }

  /// A key that is just its name.
  init(stringValue: String) {
    position = -1
    name = stringValue
  }

  /// A key named as `key` is.
  init(_ key: some CodingKey) { self.init(stringValue: key.stringValue) }

  init(intValue: Int) { self.init(index: intValue) }

  var stringValue: String { position < 0 ? name : "Index \(position)" }
  var intValue: Int? { position < 0 ? nil : position }

  /// The key `superEncoder()` and `superDecoder()` use.
  static var superKey: JSONCodingKey { JSONCodingKey(stringValue: "super") }
}
