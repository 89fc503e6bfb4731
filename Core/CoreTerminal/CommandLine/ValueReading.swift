/// How an option or argument turns the text given into what it reads, shared by
/// ``Option`` and ``Argument``: the last value (or none), or each one in order.
enum ValueReading {
  /// What a declaration reads from the values given and the name a message gives them
  /// (`'--due'`, `<title>`, `$POSTS_SERVER`).
  typealias Read<Value> = @Sendable ([String], String) throws(CommandLineError) -> Value

  /// The last value given, converted by `parse`; `nil` when none was.
  static func last<Value>(expected: String, parse: @escaping @Sendable (String) -> Value?)
    -> Read<Value?>
  {
    { values, source throws(CommandLineError) in
      guard let text = values.last else { return nil }
      return try convert(text, source: source, expected: expected, parse: parse)
    }
  }

  /// Every value given, in order, each converted by `parse`.
  static func each<Element>(
    expected: String, parse: @escaping @Sendable (String) -> Element?
  ) -> Read<[Element]> {
    { values, source throws(CommandLineError) in
      try values.map { text throws(CommandLineError) in
        try convert(text, source: source, expected: expected, parse: parse)
      }
    }
  }

  /// `text` converted, or the usage error that names it, its source and what it takes.
  static func convert<Value>(
    _ text: String, source: String, expected: String, parse: (String) -> Value?
  ) throws(CommandLineError) -> Value {
    guard let value = parse(text) else {
      throw .invalidValue(text, for: source, expected: expected)
    }
    return value
  }
}
