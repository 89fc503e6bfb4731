extension XMLPullReader {
  /// Where the bytes stop being text XML allows, if they do: a sequence that is not
  /// UTF-8 (`isUTF8` false), or a character XML never allows — a C0 control other than
  /// tab, line feed and carriage return, U+FFFE or U+FFFF.
  ///
  /// One pass before reading, so that every later slice of the bytes decodes as is.
  /// (`String(validating:as:)` would check UTF-8 alone, and needs macOS 15.)
  static func firstBadCharacter(in bytes: [UInt8]) -> (position: Int, isUTF8: Bool)? {
    var position = 0
    while position < bytes.count {
      let byte = bytes[position]
      if byte < 0x80 {
        if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
          return (position, true)
        }
        position += 1
        continue
      }
      // The well-formed sequences of the Unicode Standard, table 3-7: the lead byte
      // says the length and the range of the second byte; the others are 80–BF.
      var length = 3
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch byte {
      case 0xC2...0xDF: length = 2
      case 0xE0: second = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: break
      case 0xED: second = 0x80...0x9F  // not a surrogate
      case 0xF0: (length, second) = (4, 0x90...0xBF)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, second) = (4, 0x80...0x8F)  // not past U+10FFFF
      default: return (position, false)
      }
      guard position + length <= bytes.count, second.contains(bytes[position + 1]) else {
        return (position, false)
      }
      for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 {
        return (position, false)
      }
      if byte == 0xEF && bytes[position + 1] == 0xBF && bytes[position + 2] >= 0xBE {
        return (position, true)  // U+FFFE, U+FFFF
      }
      position += length
    }
    return nil
  }

  /// Whether `text` is an XML 1.0 `Name`: its first character a `NameStartChar`, the
  /// others `NameChar`s (§2.3).
  static func isXMLName(_ text: String) -> Bool {
    var scalars = text.unicodeScalars.makeIterator()
    guard let first = scalars.next(), isNameStartCharacter(first.value) else { return false }
    while let scalar = scalars.next() {
      let value = scalar.value
      guard
        isNameStartCharacter(value) || (0x30...0x39).contains(value) || value == 0x2D
          || value == 0x2E || value == 0xB7 || (0x300...0x36F).contains(value)
          || (0x203F...0x2040).contains(value)
      else { return false }
    }
    return true
  }

  private static func isNameStartCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x3A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF,
      0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF,
      0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
      true
    default: false
    }
  }
}
