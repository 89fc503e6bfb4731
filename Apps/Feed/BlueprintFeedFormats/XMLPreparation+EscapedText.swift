extension XMLPreparation {
  /// Turns text that carries escaped markup into a CDATA section with the same text.
  ///
  /// libxml2 delivers a text node in pieces, split at every reference, and `XMLParser`
  /// makes a `String` for each piece: an escaped HTML description (`&lt;p&gt;Hello…`)
  /// arrives in dozens of pieces. As CDATA the same text arrives in one. The rewrite is
  /// exact: only text nodes (never tags, attributes, comments, declarations or CDATA)
  /// that contain `&lt;` and only the five XML references and numeric references are
  /// touched; anything else — another reference, a `]]>`, a reference to a character XML
  /// forbids — leaves the node as it was.
  ///
  /// - Parameter input: UTF-8 bytes, after `prepare(_:)`.
  /// - Returns: The rewritten bytes, or `input` when no text node needed it.
  static func wrapEscapedText(_ input: [UInt8]) -> [UInt8] {
    let bytes = input
    var output: [UInt8] = []
    var copied = 0  // bytes[..<copied] is in output
    let count = bytes.count
    var index = 0
    while index < count {
      if bytes[index] == UInt8(ascii: "<") {
        index = markupEnd(bytes, from: index)
        continue
      }
      // A text node runs to the next `<`.
      let start = index
      var hasEscapedMarkup = false
      while index < count, bytes[index] != UInt8(ascii: "<") {
        if bytes[index] == UInt8(ascii: "&"), index + 3 < count,
          bytes[index + 1] == UInt8(ascii: "l"),
          bytes[index + 2] == UInt8(ascii: "t"), bytes[index + 3] == UInt8(ascii: ";")
        {
          hasEscapedMarkup = true
        }
        index += 1
      }
      guard hasEscapedMarkup, let decoded = decodedText(bytes[start..<index]) else { continue }
      if output.isEmpty { output.reserveCapacity(count) }
      output.append(contentsOf: bytes[copied..<start])
      output.append(contentsOf: "<![CDATA[".utf8)
      output.append(contentsOf: decoded)
      output.append(contentsOf: "]]>".utf8)
      copied = index
    }
    guard copied > 0 else { return input }
    output.append(contentsOf: bytes[copied..<count])
    return output
  }

  /// The index after the markup construct that starts at the `<` at `start`.
  private static func markupEnd(_ bytes: [UInt8], from start: Int) -> Int {
    let count = bytes.count
    func find(_ terminator: [UInt8], from position: Int) -> Int {
      var index = position
      while index + terminator.count <= count {
        if bytes[index] == terminator[0] {
          var matches = true
          for offset in 1..<terminator.count where bytes[index + offset] != terminator[offset] {
            matches = false
            break
          }
          if matches { return index + terminator.count }
        }
        index += 1
      }
      return count
    }
    func hasPrefix(_ prefix: String) -> Bool {
      var index = start
      for byte in prefix.utf8 {
        guard index < count, bytes[index] == byte else { return false }
        index += 1
      }
      return true
    }
    let next = start + 1 < count ? bytes[start + 1] : 0
    if next == UInt8(ascii: "!") {
      if hasPrefix("<!--") { return find(Array("-->".utf8), from: start + 4) }
      if hasPrefix("<![CDATA[") { return find(Array("]]>".utf8), from: start + 9) }
    } else if next == UInt8(ascii: "?") {
      return find(Array("?>".utf8), from: start + 2)
    }
    // A tag or a declaration: up to `>`, outside quotes and a DOCTYPE's internal subset.
    var index = start + 1
    var quote: UInt8 = 0
    var bracketDepth = 0
    while index < count {
      let byte = bytes[index]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        bracketDepth += 1
      } else if byte == UInt8(ascii: "]") {
        bracketDepth = max(0, bracketDepth - 1)
      } else if byte == UInt8(ascii: ">"), bracketDepth == 0 {
        return index + 1
      }
      index += 1
    }
    return count
  }

  /// The text with its references decoded, or `nil` when it cannot be CDATA exactly.
  private static func decodedText(_ text: ArraySlice<UInt8>) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(text.count)
    var index = text.startIndex
    let end = text.endIndex
    while index < end {
      let byte = text[index]
      guard byte == UInt8(ascii: "&") else {
        // "]]>" cannot appear inside CDATA.
        if byte == UInt8(ascii: ">"), output.count >= 2,
          output[output.count - 1] == UInt8(ascii: "]"),
          output[output.count - 2] == UInt8(ascii: "]")
        {
          return nil
        }
        output.append(byte)
        index += 1
        continue
      }
      var semicolon = index + 1
      while semicolon < end, semicolon < index + 12, text[semicolon] != UInt8(ascii: ";") {
        semicolon += 1
      }
      guard semicolon < end, text[semicolon] == UInt8(ascii: ";") else { return nil }
      let body = text[(index + 1)..<semicolon]
      // The five XML references, matched on their bytes: this runs for every reference
      // of every escaped description.
      let scalar: Unicode.Scalar
      if let predefined = predefinedEntity(body) {
        scalar = predefined
      } else {
        guard let decoded = HTMLEntities.decodeNumeric(body), isXMLCharacter(decoded)
        else { return nil }
        scalar = decoded
      }
      if scalar == ">", output.count >= 2, output[output.count - 1] == UInt8(ascii: "]"),
        output[output.count - 2] == UInt8(ascii: "]")
      {
        return nil
      }
      if scalar.value < 0x80 {
        output.append(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        UTF8.encode(scalar) { output.append($0) }
      }
      index = semicolon + 1
    }
    return output
  }

  /// The character of `&lt;`, `&gt;`, `&amp;`, `&quot;` or `&apos;`, from the bytes
  /// between `&` and `;`.
  private static func predefinedEntity(_ body: ArraySlice<UInt8>)
    -> Unicode.Scalar?
  {
    var bytes = body.makeIterator()
    switch (body.count, bytes.next(), bytes.next(), bytes.next(), bytes.next()) {
    case (2, UInt8(ascii: "l"), UInt8(ascii: "t"), _, _): return "<"
    case (2, UInt8(ascii: "g"), UInt8(ascii: "t"), _, _): return ">"
    case (3, UInt8(ascii: "a"), UInt8(ascii: "m"), UInt8(ascii: "p"), _): return "&"
    case (4, UInt8(ascii: "q"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "t")):
      return "\""
    case (4, UInt8(ascii: "a"), UInt8(ascii: "p"), UInt8(ascii: "o"), UInt8(ascii: "s")):
      return "'"
    default: return nil
    }
  }

  private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value == 0x09 || value == 0x0A || value == 0x0D
      || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
        && scalar != "\u{FFFD}"
  }
}
