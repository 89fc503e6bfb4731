import Core
import Testing

@Suite("InvisibleCharacter: the one list of characters that act on text unseen")
struct InvisibleCharacterTests {
  /// Every scalar of the Basic Multilingual Plane (the list has none above it).
  static let plane: [Unicode.Scalar] = (0...0xFFFF).compactMap(Unicode.Scalar.init)

  @Test(
    "each kind at its edges",
    arguments: [
      (0x00, .control), (0x1B, .control), (0x1F, .control), (0x20, nil), (0x7E, nil),
      (0x7F, .control), (0x9F, .control), (0xA0, nil), (0x061C, .bidiControl),
      (0x200A, nil), (0x200B, .zeroWidth), (0x200D, .zeroWidth), (0x200E, .bidiControl),
      (0x200F, .bidiControl), (0x2027, nil), (0x2028, .lineSeparator),
      (0x2029, .lineSeparator), (0x202A, .bidiControl), (0x202E, .bidiControl),
      (0x202F, nil), (0x2060, .zeroWidth), (0x2066, .bidiControl), (0x2069, .bidiControl),
      (0x206A, nil), (0xFEFF, .zeroWidth), (0xFFFD, nil),
    ] as [(UInt32, InvisibleCharacter?)])
  func edges(value: UInt32, kind: InvisibleCharacter?) throws {
    #expect(try #require(Unicode.Scalar(value)).invisibleKind == kind)
  }

  @Test("the bidi controls are exactly Unicode's Bidi_Control set")
  func bidiControlsAreUnicodes() {
    for scalar in Self.plane {
      #expect(
        (scalar.invisibleKind == .bidiControl) == scalar.properties.isBidiControl,
        "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test("the controls are exactly the Cc category; the zero-width ones are format characters")
  func controlsAndFormats() {
    for scalar in Self.plane {
      let category = scalar.properties.generalCategory
      #expect((scalar.invisibleKind == .control) == (category == .control))
      if scalar.invisibleKind == .zeroWidth {
        #expect(category == .format || category == .unassigned, "U+\(scalar.value)")
      }
    }
  }

  @Test("JSON that is shown escapes every kind but the C0 controls, as it always did")
  func shownJSON() {
    // The set CommandLineJSON escaped before the list was shared.
    func escapedBefore(_ value: UInt32) -> Bool {
      switch value {
      case 0x7F...0x9F, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: true
      default: false
      }
    }
    for scalar in Self.plane {
      #expect(scalar.isEscapedInShownJSON == escapedBefore(scalar.value), "U+\(scalar.value)")
    }
  }
}
