/// Why a body could not be read as a feed.
///
/// `message` is one line that a command-line tool can print as is.
package struct FeedParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as a stable code.
  package var code: Code
  /// A one-line message for a person.
  package var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The stable code.
  ///   - message: A one-line message.
  package init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  package var description: String { message }

  /// A stable error code.
  package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code's name.
    package var rawValue: String

    /// Creates a code.
    ///
    /// - Parameter rawValue: The code's name.
    package init(rawValue: String) { self.rawValue = rawValue }

    /// The body is larger than the parser's limit.
    package static let tooLarge = Code(rawValue: "too-large")
    /// The body is not RSS, RDF, Atom or JSON Feed (for example HTML, OPML or random bytes).
    package static let notAFeed = Code(rawValue: "not-a-feed")
    /// The body looked like a feed but yielded nothing usable.
    package static let malformed = Code(rawValue: "malformed")
    /// The declared character encoding is not supported. `FeedParser` no longer throws it:
    /// it reads such a feed as UTF-8, with U+FFFD for what it cannot read, and says so in
    /// `ParsedFeed.warnings`.
    package static let unsupportedEncoding = Code(rawValue: "unsupported-encoding")
    /// The document tried an entity-expansion attack ("billion laughs").
    package static let entityExpansion = Code(rawValue: "entity-expansion")

    /// The code's name.
    package var description: String { rawValue }
  }
}
