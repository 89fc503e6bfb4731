import Foundation

/// A strict, namespace-aware XML reader: ``next()`` returns the document's elements and
/// text one ``XMLEvent`` at a time.
///
/// It reads what a WebDAV answer holds — an XML declaration, comments and processing
/// instructions (skipped), elements with attributes, namespace prefixes declared by
/// `xmlns` and `xmlns:p` for the element and its children, text, CDATA sections, the
/// five predefined entities and character references — in UTF-8 only. It has no DOCTYPE
/// and no entity declarations, so no answer can make it expand text. Whatever is not
/// well-formed stops it with an ``XMLReadError``; so do elements nested deeper than
/// its limit.
///
/// It lets CoreSync read multistatus answers without FoundationXML, which maps libxml2
/// and the ICU, zlib and liblzma libraries it brings into every program linked with it.
///
/// <!-- doc-test: skip a fragment: `XMLPullReader`, `data` come from its surroundings -->
/// ```swift
/// var reader = try XMLPullReader(data, depthLimit: 64)
/// while let event = try reader.next() {
///   if case .start(let name, _) = event { print(name.namespace, name.name) }
/// }
/// ```
struct XMLPullReader {
  /// The document's bytes; `index` is where reading continues.
  let bytes: [UInt8]
  var index: Int
  /// The most elements that may be open at once.
  let depthLimit: Int

  /// An element started and not yet ended.
  struct OpenElement {
    /// Where its qualified name is in `bytes`, for matching the end tag.
    var qualifiedName: Range<Int>
    var name: XMLName
    /// How many namespace bindings were in scope before its start tag.
    var bindingsBefore: Int
  }
  var open: [OpenElement] = []
  /// The namespace bindings in scope, innermost last; the default namespace's prefix is
  /// empty.
  var bindings: [(prefix: String, uri: String)] = [
    ("xml", "http://www.w3.org/XML/1998/namespace")
  ]
  /// Set after a self-closing tag: the next event is its end.
  var endsAfterStart = false
  var sawRoot = false
  /// Where the document starts, after a byte order mark.
  let documentStart: Int

  /// Prepares to read `data`.
  ///
  /// - Throws: ``XMLReadError`` when the bytes are not UTF-8 or hold a character XML
  ///   never allows (a control character other than tab, line feed and carriage
  ///   return; U+FFFE, U+FFFF).
  init(_ data: Data, depthLimit: Int) throws(XMLReadError) {
    bytes = [UInt8](data)
    self.depthLimit = depthLimit
    documentStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    index = documentStart
    if let bad = Self.firstBadCharacter(in: bytes) {
      throw failure(
        bad.isUTF8
          ? "a character XML does not allow (byte \(bad.position))"
          : "the bytes are not valid UTF-8 (byte \(bad.position))", at: bad.position)
    }
  }

  /// The next event, or `nil` after the root element's end.
  ///
  /// - Throws: ``XMLReadError``.
  mutating func next() throws(XMLReadError) -> XMLEvent? {
    if endsAfterStart {
      endsAfterStart = false
      return .end(closeElement())
    }
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        let following = index + 1 < bytes.count ? bytes[index + 1] : 0
        switch following {
        case UInt8(ascii: "?"):
          try skipProcessingInstruction()
        case UInt8(ascii: "!"):
          try readDeclaration(into: &text)
        case UInt8(ascii: "/"):
          if !text.isEmpty { return .text(String(decoding: text, as: UTF8.self)) }
          return .end(try readEndTag())
        default:
          if !text.isEmpty { return .text(String(decoding: text, as: UTF8.self)) }
          return try readStartTag()
        }
      } else if open.isEmpty {
        guard Self.isWhitespace(byte) else {
          throw failure(sawRoot ? "text after the root element" : "text before the root element")
        }
        index += 1
      } else {
        try readCharacterData(into: &text)
      }
    }
    if let innermost = open.last {
      throw failure("<\(string(innermost.qualifiedName))> is never closed")
    }
    guard sawRoot else { throw failure("no root element") }
    return nil
  }

  // MARK: - Tags

  private mutating func readStartTag() throws(XMLReadError) -> XMLEvent {
    if sawRoot && open.isEmpty { throw failure("a second root element") }
    guard open.count < depthLimit else {
      throw XMLReadError(kind: .tooDeep(limit: depthLimit), line: line(at: index))
    }
    index += 1
    let qualifiedName = try readName()
    var rawAttributes: [(name: Range<Int>, value: String)] = []
    var selfClosing = false
    while true {
      let spaced = skipWhitespace()
      guard index < bytes.count else {
        throw failure("the tag <\(string(qualifiedName)) never ends")
      }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        break
      }
      if bytes[index] == UInt8(ascii: "/") {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
          throw failure("a `/` inside the tag <\(string(qualifiedName))>")
        }
        index += 2
        selfClosing = true
        break
      }
      guard spaced else {
        throw failure("no space before an attribute of <\(string(qualifiedName))>")
      }
      let attributeName = try readName()
      if rawAttributes.contains(where: { bytes[$0.name] == bytes[attributeName] }) {
        throw failure("the attribute \(string(attributeName)) appears twice")
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw failure("the attribute \(string(attributeName)) has no value")
      }
      index += 1
      skipWhitespace()
      rawAttributes.append((attributeName, try readAttributeValue()))
    }
    let bindingsBefore = bindings.count
    for attribute in rawAttributes { try declareNamespace(attribute) }
    let name = try resolve(qualifiedName, isAttribute: false)
    var attributes: [XMLAttribute] = []
    for attribute in rawAttributes where !isNamespaceDeclaration(attribute.name) {
      let resolved = try resolve(attribute.name, isAttribute: true)
      if attributes.contains(where: { $0.name == resolved }) {
        throw failure("two attributes named {\(resolved.namespace)}\(resolved.name)")
      }
      attributes.append(XMLAttribute(name: resolved, value: attribute.value))
    }
    open.append(
      OpenElement(qualifiedName: qualifiedName, name: name, bindingsBefore: bindingsBefore))
    sawRoot = true
    endsAfterStart = selfClosing
    return .start(name, attributes: attributes)
  }

  private mutating func readEndTag() throws(XMLReadError) -> XMLName {
    index += 2
    let qualifiedName = try readName()
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
      throw failure("the end tag </\(string(qualifiedName)) never ends")
    }
    guard let innermost = open.last else {
      throw failure("the end tag </\(string(qualifiedName))> has no start tag")
    }
    guard bytes[qualifiedName] == bytes[innermost.qualifiedName] else {
      throw failure(
        "the end tag </\(string(qualifiedName))> does not match <\(string(innermost.qualifiedName))>"
      )
    }
    index += 1
    return closeElement()
  }

  /// Ends the innermost element: its namespace declarations go out of scope.
  private mutating func closeElement() -> XMLName {
    let element = open.removeLast()
    bindings.removeLast(bindings.count - element.bindingsBefore)
    return element.name
  }

  /// Reads a name (`D:href`, `xmlns:C`) and returns where it is.
  private mutating func readName() throws(XMLReadError) -> Range<Int> {
    let start = index
    guard index < bytes.count, Self.isNameStart(bytes[index]) else {
      throw failure("a name was expected")
    }
    index += 1
    var isASCII = bytes[start] < 0x80
    while index < bytes.count, Self.isNameStart(bytes[index]) || Self.isNamePart(bytes[index]) {
      isASCII = isASCII && bytes[index] < 0x80
      index += 1
    }
    // A name with characters beyond ASCII: the bytes above only say where it ends.
    if !isASCII && !Self.isXMLName(string(start..<index)) {
      throw failure("\(string(start..<index)) is not a name XML allows", at: start)
    }
    return start..<index
  }

  /// Skips white space and says whether there was any.
  @discardableResult
  private mutating func skipWhitespace() -> Bool {
    let start = index
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    return index > start
  }

  // MARK: - Namespaces

  private func isNamespaceDeclaration(_ name: Range<Int>) -> Bool {
    let text = bytes[name]
    return text.elementsEqual("xmlns".utf8) || text.starts(with: "xmlns:".utf8)
  }

  /// Adds the binding an `xmlns` or `xmlns:p` attribute declares.
  private mutating func declareNamespace(_ attribute: (name: Range<Int>, value: String))
    throws(XMLReadError)
  {
    guard isNamespaceDeclaration(attribute.name) else { return }
    let prefix = String(string(attribute.name).dropFirst(6))
    if prefix.contains(":") || (prefix.isEmpty && bytes[attribute.name].count > 5) {
      throw failure("\(string(attribute.name)) is not a namespace prefix")
    }
    if prefix == "xmlns" { throw failure("the prefix xmlns cannot be declared") }
    if !prefix.isEmpty && attribute.value.isEmpty {
      throw failure("the prefix \(prefix) is declared with an empty namespace")
    }
    if prefix == "xml" && attribute.value != bindings[0].uri {
      throw failure("the prefix xml is bound to another namespace")
    }
    bindings.append((prefix, attribute.value))
  }

  /// The namespace and local name of a qualified name, its prefix looked up in the
  /// bindings in scope (an unprefixed attribute is in no namespace).
  private func resolve(_ qualifiedName: Range<Int>, isAttribute: Bool) throws(XMLReadError)
    -> XMLName
  {
    // Bytes, not `String.split`: this runs for every tag and attribute.
    guard let colon = bytes[qualifiedName].firstIndex(of: UInt8(ascii: ":")) else {
      let name = string(qualifiedName)
      if isAttribute { return XMLName(namespace: "", name: name) }
      return XMLName(
        namespace: namespace(of: qualifiedName.lowerBound..<qualifiedName.lowerBound) ?? "",
        name: name)
    }
    let local = colon + 1..<qualifiedName.upperBound
    guard colon > qualifiedName.lowerBound, !local.isEmpty,
      !bytes[local].contains(UInt8(ascii: ":"))
    else { throw failure("\(string(qualifiedName)) is not a qualified name") }
    let prefix = qualifiedName.lowerBound..<colon
    guard let uri = namespace(of: prefix) else {
      throw failure("the namespace prefix \(string(prefix)) is not declared")
    }
    return XMLName(namespace: uri, name: string(local))
  }

  /// The namespace the prefix at `prefix` in `bytes` (empty: the default) is bound to.
  private func namespace(of prefix: Range<Int>) -> String? {
    let spelled = bytes[prefix]
    return bindings.last(where: { $0.prefix.utf8.elementsEqual(spelled) })?.uri
  }

  // MARK: - Failures

  /// A failure at the reading position.
  func failure(_ reason: String) -> XMLReadError { failure(reason, at: index) }

  /// A failure at `position`.
  func failure(_ reason: String, at position: Int) -> XMLReadError {
    XMLReadError(kind: .notWellFormed(reason), line: line(at: position))
  }

  private func line(at position: Int) -> Int {
    1 + bytes[..<min(position, bytes.count)].lazy.filter { $0 == 0x0A }.count
  }

  func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  // MARK: - Bytes

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// A byte that may start a name: an ASCII letter, `_`, `:`, or part of a non-ASCII
  /// character (checked by ``isXMLName(_:)``).
  static func isNameStart(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
  }

  /// A byte that may continue a name besides those that may start one.
  static func isNamePart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".")
  }
}
