/// HTTP header fields with case-insensitive names, in the order they were set.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers["accept"]  // "application/json"
/// ```
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  private var fields: [(name: String, value: String)] = []

  /// Creates an empty set of headers.
  public init() {}

  /// Creates headers from name–value pairs; a later pair replaces an earlier one
  /// with the same name.
  ///
  /// - Parameter fields: The pairs, e.g. from `HTTPURLResponse.allHeaderFields`.
  public init(_ fields: some Sequence<(String, String)>) {
    for (name, value) in fields { self[name] = value }
  }

  /// Creates headers from a dictionary literal.
  ///
  /// - Parameter elements: The name–value pairs.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  /// The value of the field `name`, compared case-insensitively; setting `nil` removes it.
  public subscript(name: String) -> String? {
    get { fields.first { Self.same($0.name, name) }?.value }
    set {
      guard let newValue else {
        fields.removeAll { Self.same($0.name, name) }
        return
      }
      if let index = fields.firstIndex(where: { Self.same($0.name, name) }) {
        fields[index].value = newValue
      } else {
        fields.append((name, newValue))
      }
    }
  }

  /// Whether there are no fields.
  public var isEmpty: Bool { fields.isEmpty }

  /// Iterates over the fields as `(name, value)` pairs, in the order they were set.
  ///
  /// - Returns: An iterator over the fields.
  public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
    fields.makeIterator()
  }

  /// The fields as `Name: value` lines, for logs.
  public var description: String {
    fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
  }

  /// Whether both hold the same fields, comparing names case-insensitively and
  /// ignoring order.
  ///
  /// - Parameters:
  ///   - lhs: One set of headers.
  ///   - rhs: The other.
  /// - Returns: `true` when every field matches.
  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.count == rhs.fields.count
      && lhs.fields.allSatisfy { rhs[$0.name] == $0.value }
  }

  /// Headers whose names are already unique, e.g. from `HTTPURLResponse`.
  package init(uniqueFields: [(name: String, value: String)]) {
    fields = uniqueFields
  }

  /// Compares field names ASCII-case-insensitively without allocating (Foundation's
  /// `caseInsensitiveCompare` is far slower).
  package static func same(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    return lhs.utf8.elementsEqual(rhs.utf8) { a, b in
      a == b || (a ^ b == 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
    }
  }
}
