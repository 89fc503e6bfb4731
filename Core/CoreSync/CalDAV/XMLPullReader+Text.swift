import Foundation

extension XMLPullReader {
  // MARK: - Character data

  /// Reads text up to the next `<`, adding it to `text`: references replaced, line ends
  /// read as `\n`.
  mutating func readCharacterData(into text: inout [UInt8]) throws(XMLReadError) {
    while index < bytes.count {
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x0D
          || byte == UInt8(ascii: "]")
        {
          break
        }
        index += 1
      }
      text.append(contentsOf: bytes[start..<index])
      guard index < bytes.count else { return }
      switch bytes[index] {
      case UInt8(ascii: "<"):
        return
      case UInt8(ascii: "&"):
        try readReference(into: &text)
      case 0x0D:
        appendLineEnd(into: &text)
      default:  // "]"
        if bytes[index...].starts(with: "]]>".utf8) { throw failure("`]]>` in text") }
        text.append(UInt8(ascii: "]"))
        index += 1
      }
    }
  }

  /// Reads a quoted attribute value: references replaced, line ends and tabs read as
  /// spaces (XML 1.0 §3.3.3).
  mutating func readAttributeValue() throws(XMLReadError) -> String {
    guard index < bytes.count,
      bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
    else { throw failure("an attribute value must be in quotes") }
    let quote = bytes[index]
    index += 1
    var value: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case quote:
        index += 1
        return String(decoding: value, as: UTF8.self)
      case UInt8(ascii: "<"):
        throw failure("a `<` inside an attribute value")
      case UInt8(ascii: "&"):
        try readReference(into: &value)
      case 0x0D:
        appendLineEnd(into: &value)
        value[value.count - 1] = 0x20
      case 0x09, 0x0A:
        value.append(0x20)
        index += 1
      default:
        value.append(byte)
        index += 1
      }
    }
    throw failure("an attribute value never ends")
  }

  /// Reads `\r\n` or a lone `\r` as `\n`.
  private mutating func appendLineEnd(into text: inout [UInt8]) {
    text.append(0x0A)
    index += 1
    if index < bytes.count, bytes[index] == 0x0A { index += 1 }
  }

  // MARK: - References

  /// Reads `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#…;` or `&#x…;` and adds the
  /// character it stands for.
  private mutating func readReference(into text: inout [UInt8]) throws(XMLReadError) {
    let start = index
    index += 1
    guard let semicolon = bytes[index...].prefix(32).firstIndex(of: UInt8(ascii: ";")) else {
      throw failure("a `&` that starts no reference")
    }
    let body = bytes[index..<semicolon]
    guard let first = body.first,
      first == UInt8(ascii: "#")
        || (Self.isNameStart(first)
          && body.allSatisfy { Self.isNameStart($0) || Self.isNamePart($0) })
    else { throw failure("a `&` that starts no reference") }
    index = semicolon + 1
    if body.first == UInt8(ascii: "#") {
      let scalar = try characterReference(body.dropFirst(), at: start)
      UTF8.encode(scalar) { text.append($0) }
      return
    }
    let replacement: UInt8? =
      switch String(decoding: body, as: UTF8.self) {
      case "lt": UInt8(ascii: "<")
      case "gt": UInt8(ascii: ">")
      case "amp": UInt8(ascii: "&")
      case "quot": UInt8(ascii: "\"")
      case "apos": UInt8(ascii: "'")
      default: nil
      }
    guard let replacement else {
      index = start
      throw failure("the unknown entity &\(String(decoding: body, as: UTF8.self));")
    }
    text.append(replacement)
  }

  /// The character `#…;` or `#x…;` names; one XML does not allow (`&#0;`, a surrogate)
  /// is refused.
  private func characterReference(_ digits: ArraySlice<UInt8>, at start: Int)
    throws(XMLReadError) -> Unicode.Scalar
  {
    let isHex = digits.first == UInt8(ascii: "x")
    let number = isHex ? digits.dropFirst() : digits
    let text = String(decoding: number, as: UTF8.self)
    let allowed = isHex ? "0123456789abcdefABCDEF" : "0123456789"
    guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }),
      let value = UInt32(text, radix: isHex ? 16 : 10),
      let scalar = Unicode.Scalar(value), Self.isAllowedCharacter(value)
    else {
      throw failure(
        "&#\(String(decoding: digits, as: UTF8.self)); is not a character XML allows", at: start)
    }
    return scalar
  }

  /// XML 1.0's `Char`: tab, line feed, carriage return, U+0020–U+D7FF,
  /// U+E000–U+FFFD and U+10000–U+10FFFF.
  private static func isAllowedCharacter(_ value: UInt32) -> Bool {
    value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
      || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
  }

  // MARK: - Markup that is not a tag

  /// Skips a processing instruction (`<?target …?>`); the XML declaration may only come
  /// first, and declares UTF-8 if anything.
  mutating func skipProcessingInstruction() throws(XMLReadError) {
    let start = index
    index += 2
    let target = string(try readPITarget())
    guard let end = find("?>".utf8) else { throw failure("a processing instruction never ends") }
    if target.lowercased() == "xml" {
      guard start == documentStart else {
        index = start
        throw failure("an XML declaration after the start of the document")
      }
      try checkEncoding(in: bytes[start..<end])
    }
    index = end + 2
  }

  private mutating func readPITarget() throws(XMLReadError) -> Range<Int> {
    let start = index
    while index < bytes.count, !Self.isWhitespace(bytes[index]),
      bytes[index] != UInt8(ascii: "?")
    {
      index += 1
    }
    guard index > start else { throw failure("a processing instruction without a target") }
    return start..<index
  }

  /// Refuses an XML declaration that names an encoding other than UTF-8 (or its subset
  /// US-ASCII): the bytes are read as UTF-8.
  private func checkEncoding(in declaration: ArraySlice<UInt8>) throws(XMLReadError) {
    let text = String(decoding: declaration, as: UTF8.self)
    guard let keyword = text.range(of: "encoding") else { return }
    let rest = text[keyword.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == "\t" })
    guard let quote = rest.first, quote == "\"" || quote == "'" else {
      throw failure("the XML declaration's encoding is not in quotes")
    }
    let name = rest.dropFirst().prefix(while: { $0 != quote }).lowercased()
    guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(name) else {
      throw failure("the document declares the encoding \(name); only UTF-8 is read")
    }
  }

  /// Reads `<!--…-->` (skipped) or `<![CDATA[…]]>` (added to `text` as written); anything else
  /// starting with `<!` — a DOCTYPE — is refused.
  mutating func readDeclaration(into text: inout [UInt8]) throws(XMLReadError) {
    if bytes[index...].starts(with: "<!--".utf8) {
      index += 4
      guard let dashes = find("--".utf8) else { throw failure("a comment never ends") }
      index = dashes
      guard dashes + 2 < bytes.count, bytes[dashes + 2] == UInt8(ascii: ">") else {
        throw failure("`--` inside a comment")
      }
      index = dashes + 3
    } else if bytes[index...].starts(with: "<![CDATA[".utf8) {
      guard !open.isEmpty else { throw failure("a CDATA section outside the root element") }
      index += 9
      guard let end = find("]]>".utf8) else { throw failure("a CDATA section never ends") }
      // As written, carriage returns included: libxml2 reads it so, and the calendar
      // data iCloud sends in CDATA keeps the bytes XMLParser gave before.
      text.append(contentsOf: bytes[index..<end])
      index = end + 3
    } else {
      throw failure("a declaration (`<!`) where an element or text should be")
    }
  }

  /// Where `pattern` next occurs from the reading position.
  private func find(_ pattern: String.UTF8View) -> Int? {
    let pattern = Array(pattern)
    var position = index
    while position + pattern.count <= bytes.count {
      if bytes[position] == pattern[0],
        bytes[position..<position + pattern.count].elementsEqual(pattern)
      {
        return position
      }
      position += 1
    }
    return nil
  }
}
