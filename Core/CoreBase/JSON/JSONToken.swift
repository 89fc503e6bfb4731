/// One value of a JSON document, as ``JSONIndex`` lists it.
///
/// A scalar (string, number, literal) records where its text is in the bytes; a
/// container (object, array) records how many members it has and where its tokens
/// end. The index lists tokens in document order: an object is followed by its
/// members, each a key token and then its value's tokens, an array by its
/// elements' tokens. ``JSONIndex`` shows the tokens of a small document.
struct JSONToken {
  /// What the value is.
  enum Kind: UInt8 {
    case object, array, string, escapedString, number, `true`, `false`, null
  }

  var kind: Kind
  // Offsets, counts and indexes are kept in 32 bits (the index of a large file then
  // takes half the memory); the scanner refuses text of 4 GiB or more. What the two
  // mean depends on the kind: see the accessors.
  private var first: UInt32
  private var second: UInt32

  /// A scalar's token: its kind and the bytes of its text.
  init(kind: Kind, start: Int, end: Int) {
    self.kind = kind
    first = UInt32(truncatingIfNeeded: start)
    second = UInt32(truncatingIfNeeded: end)
  }

  /// An object's or array's token, before its members are read: no members yet.
  static func container(_ kind: Kind) -> JSONToken {
    JSONToken(kind: kind, start: 0, end: 0)
  }

  /// The token of a value that is not in the document, read as `null`.
  static let missing = JSONToken(kind: .null, start: 0, end: 0)

  var isContainer: Bool { kind == .object || kind == .array }

  // MARK: - Scalars

  /// A scalar's first byte: a string's first byte after its opening quote; a
  /// number's or literal's first character.
  var start: Int {
    assert(!isContainer, "a container has no text range")
    return Int(first)
  }

  /// One past a scalar's last byte: a string's closing quote; one past a number's
  /// or literal's last character.
  var end: Int {
    assert(!isContainer, "a container has no text range")
    return Int(second)
  }

  // MARK: - Containers

  /// How many members an object has (its keys), or how many elements an array has.
  var memberCount: Int {
    get {
      assert(isContainer, "a scalar has no members")
      return Int(first)
    }
    set { first = UInt32(truncatingIfNeeded: newValue) }
  }

  /// The index of the first token after an object's or array's last member: the
  /// container's members are the tokens between its own and this one.
  var tokenEnd: Int {
    get {
      assert(isContainer, "a scalar has no members")
      return Int(second)
    }
    set { second = UInt32(truncatingIfNeeded: newValue) }
  }

  /// The index of the token after this one (at `index`) and everything inside it.
  func next(at index: Int) -> Int {
    isContainer ? tokenEnd : index + 1
  }
}
