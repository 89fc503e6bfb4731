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
}
