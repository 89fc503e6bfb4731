/// Fixes, before `XMLParser` sees them, the things real feeds do that XML forbids.
///
/// - A bare `&` that starts no reference, and a `&name;` that neither HTML nor the
///   document defines, are escaped (`&amp;`), so they read as the text they are (libxml2
///   would drop them).
/// - HTML entity names (`&nbsp;`, `&hellip;`, `&alpha;` …, the whole HTML table) are not
///   defined in XML; libxml2 drops them (gluing words together). They are rewritten as
///   numeric references; `&#X41;` (capital X, which XML forbids) as `&#x41;`.
/// - Simple entities the document declares in its own DTD (`<!ENTITY name "text">`) are
///   expanded here, within a size bound; libxml2 delivers them only in part. Anything
///   bigger, recursive or holding markup is left to libxml2, which rejects expansion bombs.
/// - A stray end tag (one that closes no open element) is dropped, and an element left
///   open inside another one that closes (`<p>a<br>b</p>`) is closed there. libxml2
///   recovers from both by closing the wrong element, which moves every later field of
///   the item out of it (an item could lose its guid).
/// - A `<` that starts no markup ("a < b") is escaped.
/// - Control characters (ESC and the other C0 codes but tab, line feed and carriage
///   return) may not appear in XML 1.0, raw or as `&#27;`; libxml2 drops them. They are
///   mapped into a private-use block (U+F0000 + code) here and mapped back in the text
///   the reader delivers, so a feed's data reaches the app unchanged — the terminal
///   sanitizer, not the parser, decides what is safe to show.
///
/// CDATA sections, comments and processing instructions are left alone except for
/// control characters.
enum XMLPreparation {
  /// The first scalar of the private-use block that stands for C0 control codes.
  static let controlBase: UInt32 = 0xF0000

  /// Returns the prepared bytes, and whether any control character was mapped.
  ///
  /// - Parameter input: UTF-8 bytes of an XML document.
  /// - Returns: The bytes to parse and whether `restoreControls(in:)` is needed.
  static func prepare(_ input: [UInt8]) -> (bytes: [UInt8], mappedControls: Bool) {
    var preparer = Preparer(input)
    preparer.run()
    guard preparer.changed else { return (input, false) }
    return (preparer.finish(), preparer.mapped)
  }

  /// Maps private-use stand-ins back to the control characters they replaced.
  ///
  /// - Parameter text: Text the XML parser delivered.
  /// - Returns: The text with control characters restored.
  static func restoreControls(in text: String) -> String {
    var scalars = String.UnicodeScalarView()
    var changed = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value >= controlBase, value < controlBase + 0x20,
        let control = Unicode.Scalar(value - controlBase)
      {
        scalars.append(control)
        changed = true
      } else {
        scalars.append(scalar)
      }
    }
    return changed ? String(scalars) : text
  }

  /// The UTF-8 bytes of the private-use stand-in for control code `code`.
  static func controlScalarBytes(_ code: UInt32) -> String.UTF8View {
    String(Character(Unicode.Scalar(controlBase + code) ?? "\u{FFFD}")).utf8
  }

  /// Whether `byte` may appear in a reference's body (`&body;`).
  static func isReferenceByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 97 < 26 || byte &- 48 < 10 || byte == UInt8(ascii: "#")
      || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
      || byte >= 0x80
  }

  /// Whether `byte` can start an element name.
  static func isNameStart(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 97 < 26 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
      || byte >= 0x80
  }
}

/// One pass over a document's bytes, copying them to `output` only once something changes.
struct Preparer {
  let input: [UInt8]
  private(set) var changed = false
  private(set) var mapped = false
  private var output: [UInt8] = []
  /// `input[..<copied]` is already in `output` (once `changed`).
  private var copied = 0
  private var index = 0
  /// The open elements, as ranges of their names in `input`.
  private var openElements: [Range<Int>] = []
  /// What the document's own DTD declares.
  var entities = DeclaredEntities()

  init(_ input: [UInt8]) { self.input = input }

  mutating func finish() -> [UInt8] {
    output.append(contentsOf: input[copied...])
    return output
  }

  /// Writes `bytes` in place of `input[range]`.
  mutating func replace(_ range: Range<Int>, with bytes: some Sequence<UInt8>) {
    if !changed {
      output.reserveCapacity(input.count + 64)
      changed = true
    }
    output.append(contentsOf: input[copied..<range.lowerBound])
    output.append(contentsOf: bytes)
    copied = range.upperBound
  }

  private mutating func mapControl(at position: Int) {
    replace(
      position..<(position + 1), with: XMLPreparation.controlScalarBytes(UInt32(input[position])))
    mapped = true
  }

  mutating func run() {
    let count = input.count
    while index < count {
      // Skip ordinary bytes: this loop sees every byte of the feed.
      while index < count {
        let byte = input[index]
        if byte > 0x3C || (byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")) {
          index += 1
        } else {
          break
        }
      }
      guard index < count else { break }
      let byte = input[index]
      if byte == UInt8(ascii: "<") {
        markup()
      } else if byte == UInt8(ascii: "&") {
        index = reference(at: index)
      } else if byte == 0x09 || byte == 0x0A || byte == 0x0D {
        index += 1
      } else {
        mapControl(at: index)
        index += 1
      }
    }
  }

  private func hasPrefix(_ prefix: StaticString, at position: Int) -> Bool {
    let length = prefix.utf8CodeUnitCount
    guard position + length <= input.count else { return false }
    return prefix.withUTF8Buffer { bytes in
      for offset in 0..<length where input[position + offset] != bytes[offset] { return false }
      return true
    }
  }

  // MARK: - Markup

  /// Handles the markup that starts at the `<` at `index`.
  private mutating func markup() {
    let start = index
    let next = start + 1 < input.count ? input[start + 1] : 0
    if next == UInt8(ascii: "!") {
      if hasPrefix("<![CDATA[", at: start) {
        index = skip(to: "]]>", from: start + 9)
      } else if hasPrefix("<!--", at: start) {
        index = skip(to: "-->", from: start + 4)
      } else if hasPrefix("<!DOCTYPE", at: start) {
        index = doctype(from: start)
      } else {
        index = skip(to: ">", from: start + 2)
      }
    } else if next == UInt8(ascii: "?") {
      index = skip(to: "?>", from: start + 2)
    } else if next == UInt8(ascii: "/") {
      endTag(from: start)
    } else if XMLPreparation.isNameStart(next) {
      startTag(from: start)
    } else {
      // "a < b": not markup. XML forbids it; escape it so the text survives.
      replace(start..<(start + 1), with: "&lt;".utf8)
      index = start + 1
    }
  }

  /// Skips to after `terminator`, mapping raw control characters on the way.
  private mutating func skip(to terminator: StaticString, from start: Int) -> Int {
    let first = terminator.utf8Start.pointee
    var position = start
    while position < input.count {
      let byte = input[position]
      if byte == first, hasPrefix(terminator, at: position) {
        return position + terminator.utf8CodeUnitCount
      }
      if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { mapControl(at: position) }
      position += 1
    }
    return position
  }

  /// The end of the name that starts at `start`.
  private func nameEnd(from start: Int) -> Int {
    var position = start
    while position < input.count {
      let byte = input[position]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
        || byte == UInt8(ascii: "/")
      {
        break
      }
      position += 1
    }
    return position
  }

  private mutating func startTag(from start: Int) {
    let name = (start + 1)..<nameEnd(from: start + 1)
    var position = name.upperBound
    var quote: UInt8 = 0
    while position < input.count {
      let byte = input[position]
      if quote != 0 {
        if byte == quote {
          quote = 0
        } else if byte == UInt8(ascii: "&") {
          position = reference(at: position)
          continue
        } else if byte == UInt8(ascii: "<") {
          replace(position..<(position + 1), with: "&lt;".utf8)
        } else if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
          mapControl(at: position)
        }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        if input[position - 1] != UInt8(ascii: "/") { openElements.append(name) }
        index = position + 1
        return
      } else if byte == UInt8(ascii: "<") {
        break  // an unterminated tag: leave it to libxml2
      }
      position += 1
    }
    index = position
  }

  private func sameName(_ name: Range<Int>, _ other: Range<Int>) -> Bool {
    guard name.count == other.count else { return false }
    var offset = 0
    while offset < name.count {
      if input[name.lowerBound + offset] != input[other.lowerBound + offset] { return false }
      offset += 1
    }
    return true
  }

  private mutating func endTag(from start: Int) {
    let name = (start + 2)..<nameEnd(from: start + 2)
    var end = name.upperBound
    while end < input.count, input[end] != UInt8(ascii: ">"), input[end] != UInt8(ascii: "<") {
      end += 1
    }
    if end < input.count, input[end] == UInt8(ascii: ">") { end += 1 }
    index = end
    if let top = openElements.last, sameName(top, name) {
      openElements.removeLast()
      return
    }
    guard let match = openElements.lastIndex(where: { sameName($0, name) }) else {
      // Closes nothing that is open: drop it.
      replace(start..<end, with: [])
      return
    }
    // Close what was left open inside the element this tag closes.
    var closing: [UInt8] = []
    for open in openElements[(match + 1)...].reversed() {
      closing += "</".utf8
      closing += input[open]
      closing.append(UInt8(ascii: ">"))
    }
    replace(start..<start, with: closing)
    openElements.removeSubrange(match...)
  }

  // MARK: - References

  /// Handles the reference that starts at the `&` at `start`; returns where to go on.
  private mutating func reference(at start: Int) -> Int {
    // Fast path for the references XML defines, which need nothing: most `&`s are these.
    if start + 3 < input.count {
      let (a, b, c) = (input[start + 1], input[start + 2], input[start + 3])
      if (a == UInt8(ascii: "l") || a == UInt8(ascii: "g")) && b == UInt8(ascii: "t")
        && c == UInt8(ascii: ";")
      {
        return start + 4
      }
      if a == UInt8(ascii: "a"), b == UInt8(ascii: "m"), c == UInt8(ascii: "p"),
        start + 4 < input.count, input[start + 4] == UInt8(ascii: ";")
      {
        return start + 5
      }
    }
    var end = start + 1
    let limit = min(input.count, start + 64)
    while end < limit, input[end] != UInt8(ascii: ";"), XMLPreparation.isReferenceByte(input[end]) {
      end += 1
    }
    guard end < limit, end > start + 1, input[end] == UInt8(ascii: ";") else {
      // A bare `&` (as in "Tom & Jerry"): XML forbids it and libxml2 drops it; escape it.
      replace(start..<(start + 1), with: "&amp;".utf8)
      return start + 1
    }
    let body = input[(start + 1)..<end]
    if body.first == UInt8(ascii: "#") {
      let isUpperX = body.count > 1 && body[body.startIndex + 1] == UInt8(ascii: "X")
      return numericReference(HTMLEntities.decodeNumeric(body), isUpperX, from: start, to: end)
    }
    return namedReference(String(decoding: body, as: UTF8.self), from: start, to: end)
  }

  /// Handles `&#…;` from `start` to the `;` at `end`: a reference to no character is
  /// escaped, a control character (which XML forbids) mapped, `&#X` spelt `&#x`.
  private mutating func numericReference(
    _ scalar: Unicode.Scalar?, _ isUpperX: Bool, from start: Int, to end: Int
  ) -> Int {
    guard let scalar else {
      replace(start..<(start + 1), with: "&amp;".utf8)
      return start + 1
    }
    let value = scalar.value
    if value < 0x20, value != 0x09, value != 0x0A, value != 0x0D {
      replace(start..<(end + 1), with: XMLPreparation.controlScalarBytes(value))
      mapped = true
    } else if isUpperX {
      replace((start + 2)..<(start + 3), with: CollectionOfOne(UInt8(ascii: "x")))
    }
    return end + 1
  }

  /// Handles `&name;` from `start` to the `;` at `end`: XML's own kept, an external
  /// entity dropped, a declared one expanded, an HTML one made numeric, others escaped.
  private mutating func namedReference(_ name: String, from start: Int, to end: Int) -> Int {
    switch name {
    case "amp", "lt", "gt", "quot", "apos": return end + 1
    default: break
    }
    if entities.isExternal(name) {
      // Never read, so it yields nothing; left to libxml2, it cut off the text after it.
      replace(start..<(end + 1), with: EmptyCollection())
      return end + 1
    }
    if entities.isDeclared(name) {
      if let expansion = entities.expansion(of: name) {
        replace(start..<(end + 1), with: expansion.bytes)
        mapped = mapped || expansion.mappedControls
      }
      // Too big or not simple: libxml2 decides (and stops a bomb).
      return end + 1
    }
    if let value = HTMLEntities.named[name] {
      var numeric: [UInt8] = []
      for scalar in value.unicodeScalars { numeric += "&#\(scalar.value);".utf8 }
      replace(start..<(end + 1), with: numeric)
    } else {
      // Unknown: keep it as the text it is.
      replace(start..<(start + 1), with: "&amp;".utf8)
    }
    return end + 1
  }
}
