/// A namespace-qualified XML name: the namespace URI its prefix (or the default
/// namespace) resolves to, empty for none, and the local name.
struct XMLName: Hashable, Sendable {
  var namespace: String
  var name: String
}

/// One attribute of a start tag, its name resolved as ``XMLName`` is (an unprefixed
/// attribute is in no namespace). Namespace declarations (`xmlns`, `xmlns:p`) are not
/// reported as attributes.
struct XMLAttribute: Equatable, Sendable {
  var name: XMLName
  var value: String
}

/// What an ``XMLPullReader`` reads next.
enum XMLEvent: Equatable, Sendable {
  /// A start tag. A self-closing tag (`<a/>`) is a start followed by its end.
  case start(XMLName, attributes: [XMLAttribute])
  /// The end of the element most recently started and not yet ended.
  case end(XMLName)
  /// Character data between two tags: text, CDATA sections and references, joined.
  /// Line ends in text read as `\n` (XML 1.0 §2.11); a CDATA section is kept as
  /// written, as libxml2 keeps it. Comments and processing instructions inside are
  /// skipped.
  case text(String)
}

/// Why an ``XMLPullReader`` stopped.
struct XMLReadError: Error, Equatable, Sendable, CustomStringConvertible {
  enum Kind: Equatable, Sendable {
    /// The document breaks a rule of XML 1.0 or of namespaces in XML.
    case notWellFormed(String)
    /// Elements nest deeper than the reader's limit.
    case tooDeep(limit: Int)
  }

  var kind: Kind
  /// The line (from 1) where reading stopped.
  var line: Int

  var description: String {
    switch kind {
    case .notWellFormed(let reason): "not well-formed XML (line \(line): \(reason))"
    case .tooDeep(let limit): "the answer nests elements more than \(limit) deep"
    }
  }
}
