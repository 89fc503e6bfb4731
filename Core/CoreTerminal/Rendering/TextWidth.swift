import CoreBase

/// Display width of text in terminal cells.
///
/// A grapheme is 2 cells when it is East Asian Wide or Fullwidth (CJK ideographs,
/// kana, Hangul, fullwidth forms) or an emoji shown as emoji (emoji presentation, a
/// `U+FE0F` variation selector, a flag); 0 cells when it is only combining marks,
/// format or other zero-width characters; otherwise 1. The wide ranges live in a
/// compact table below; the rest comes from the standard library's Unicode
/// properties. Clean ASCII takes a fast path.
public enum TextWidth {
  /// The number of terminal cells `text` occupies on one line.
  ///
  /// Control characters count 0: sanitize data first (see ``TerminalSanitizer``).
  ///
  /// - Parameter text: The text to measure.
  /// - Returns: The width in cells.
  public static func of(_ text: some StringProtocol) -> Int {
    measure(String(text))
  }

  /// The non-generic body of `of(_:)` for text, so callers in other modules do not pay
  /// for unspecialized generics per character.
  private static func measure(_ text: String) -> Int {
    if let ascii = asciiWidth(text) { return ascii }
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// The number of terminal cells one grapheme occupies: 0, 1 or 2.
  ///
  /// - Parameter character: The grapheme to measure.
  /// - Returns: The width in cells.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count == 1 { return of(first) }
    if scalars.contains(where: { $0.value == 0xfe0f }) { return 2 }  // emoji presentation
    if (0x1f1e6...0x1f1ff).contains(first.value), scalars.count > 1 { return 2 }  // a flag
    return of(first)
  }

  /// The width of a single scalar on its own: 0, 1 or 2.
  ///
  /// - Parameter scalar: The scalar to measure.
  /// - Returns: The width in cells.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7f { return value >= 0x20 ? 1 : 0 }
    if value < 0xa0 { return 0 }
    if value < 0x300 { return value == 0xad ? 0 : 1 }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator,
      .paragraphSeparator:
      return 0
    default:
      // Hangul medial vowels and final consonants join the preceding syllable.
      return (0x1160...0x11ff).contains(value) || value == 0x200b ? 0 : 1
    }
  }

  /// The width of printable ASCII text (its length), or `nil` for anything else.
  static func asciiWidth(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes -> Int? in
      for byte in bytes where byte < 0x20 || byte >= 0x7f { return nil }
      return bytes.count
    }
  }

  /// Whether a code point is East Asian Wide or Fullwidth (binary search in the table).
  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges that are not emoji, sorted.
  /// Emoji are recognised by `isEmojiPresentation` instead.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115f,  // Hangul Jamo initial consonants
    0x2329...0x232a,  // angle brackets
    0x2e80...0x2e99, 0x2e9b...0x2ef3,  // CJK radicals supplement
    0x2f00...0x2fd5,  // Kangxi radicals
    0x2ff0...0x303e,  // ideographic description, CJK symbols and punctuation
    0x3041...0x3096, 0x3099...0x30ff,  // Hiragana, Katakana
    0x3105...0x312f, 0x3131...0x318e,  // Bopomofo, Hangul compatibility Jamo
    0x3190...0x31e5, 0x31ef...0x321e,  // Kanbun, Bopomofo ext., strokes, enclosed CJK
    0x3220...0x3247, 0x3250...0xa48c,  // enclosed CJK, CJK ext. A, unified, Yi syllables
    0xa490...0xa4c6,  // Yi radicals
    0xa960...0xa97c,  // Hangul Jamo extended A
    0xac00...0xd7a3,  // Hangul syllables
    0xf900...0xfaff,  // CJK compatibility ideographs
    0xfe10...0xfe19,  // vertical forms
    0xfe30...0xfe52, 0xfe54...0xfe66, 0xfe68...0xfe6b,  // CJK compatibility, small forms
    0xff01...0xff60, 0xffe0...0xffe6,  // fullwidth forms
    0x16fe0...0x16fe4, 0x16ff0...0x16ff1,  // ideographic symbols
    0x17000...0x187f7, 0x18800...0x18cd5, 0x18d00...0x18d08,  // Tangut, Khitan
    0x1aff0...0x1b2fb,  // Kana supplement and extensions, Nushu
    // Enclosed ideographic supplement.
    0x1f200...0x1f202, 0x1f210...0x1f23b, 0x1f240...0x1f248, 0x1f250...0x1f251,
    0x20000...0x2fffd, 0x30000...0x3fffd,  // CJK extensions B and later
  ]
}
