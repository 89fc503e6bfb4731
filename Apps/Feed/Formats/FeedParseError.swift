/// Why a body could not be read as a feed.
///
/// `message` is one line that a command-line tool can print as is.
public struct FeedParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as a stable code.
  public var code: Code
  /// A one-line message for a person.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The stable code.
  ///   - message: A one-line message.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }

  /// A stable error code.
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code's name.
    public var rawValue: String

    /// Creates a code.
    ///
    /// - Parameter rawValue: The code's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The body is larger than the parser's limit.
    public static let tooLarge = Code(rawValue: "too-large")
    /// The body is not RSS, RDF, Atom or JSON Feed (for example HTML, OPML or random bytes).
    public static let notAFeed = Code(rawValue: "not-a-feed")
    /// The body looked like a feed but yielded nothing usable.
    public static let malformed = Code(rawValue: "malformed")
    /// The declared character encoding is not supported. `FeedParser` no longer throws it:
    /// it reads such a feed as UTF-8, with U+FFFD for what it cannot read, and says so in
    /// `ParsedFeed.warnings`.
    public static let unsupportedEncoding = Code(rawValue: "unsupported-encoding")
    /// The document tried an entity-expansion attack ("billion laughs").
    public static let entityExpansion = Code(rawValue: "entity-expansion")

    /// The code's name.
    public var description: String { rawValue }
  }
}
