import Core
import CoreTerminal
import Testing

@Suite("KeyDecoder")
struct KeyDecoderTests {
  /// Input that decodes completely, without a flush.
  static let table: [(String, [InputEvent])] = [
    ("a", [.key(.character("a"))]),
    ("hi", [.key(.character("h")), .key(.character("i"))]),
    ("é日🙂", [.key(.character("é")), .key(.character("日")), .key(.character("🙂"))]),
    ("\r", [.key(.enter)]),
    ("\n", [.key(.enter)]),
    ("\t", [.key(.tab)]),
    ("\u{7f}", [.key(.backspace)]),
    ("\u{08}", [.key(.backspace)]),
    ("\u{1b}[3~", [.key(.delete)]),
    ("\u{1b}[2~", [.key(.insert)]),
    ("\u{1b}[A", [.key(.up)]),
    ("\u{1b}[B", [.key(.down)]),
    ("\u{1b}[C", [.key(.right)]),
    ("\u{1b}[D", [.key(.left)]),
    ("\u{1b}OA", [.key(.up)]),
    ("\u{1b}[H", [.key(.home)]),
    ("\u{1b}[F", [.key(.end)]),
    ("\u{1b}[1~", [.key(.home)]),
    ("\u{1b}[4~", [.key(.end)]),
    ("\u{1b}[7~", [.key(.home)]),
    ("\u{1b}[8~", [.key(.end)]),
    ("\u{1b}OH", [.key(.home)]),
    ("\u{1b}OF", [.key(.end)]),
    ("\u{1b}[5~", [.key(.pageUp)]),
    ("\u{1b}[6~", [.key(.pageDown)]),
    ("\u{1b}[Z", [.key(.backTab)]),
    ("\u{1b}OP", [.key(.function(1))]),
    ("\u{1b}[15~", [.key(.function(5))]),
    ("\u{1b}[24~", [.key(.function(12))]),
    ("\u{1b}[1;5A", [.key(.up)]),
    ("\u{1b}[1;3B", [.key(.alt(.down))]),
    ("\u{03}", [.key(.ctrl("c"))]),
    ("\u{01}", [.key(.ctrl("a"))]),
    ("\u{15}", [.key(.ctrl("u"))]),
    ("\u{17}", [.key(.ctrl("w"))]),
    ("\u{1a}", [.key(.ctrl("z"))]),
    ("\u{00}", [.key(.ctrl(" "))]),
    ("\u{1b}b", [.key(.alt(.character("b")))]),
    ("\u{1b}\u{7f}", [.key(.alt(.backspace))]),
    ("\u{1b}é", [.key(.alt(.character("é")))]),
    ("\u{1b}[200~hello\u{1b}[201~", [.paste("hello")]),
    ("\u{1b}[200~a\r\nb\rc\u{1b}[A\u{1b}[201~", [.paste("a\nb\nc\u{1b}[A")]),
    ("\u{1b}[<0;12;5M", []),  // SGR mouse report
    ("\u{1b}[I\u{1b}[O", []),  // focus in and out
    ("\u{1b}[99~", []),  // unknown tilde key
    ("\u{1b}[201~", []),  // stray paste end
    ("x\u{1b}[?1;2cy", [.key(.character("x")), .key(.character("y"))]),  // device attributes
    (
      "a\u{9b}2Jb",
      [
        .key(.character("a")), .key(.character("2")), .key(.character("J")),
        .key(.character("b")),
      ]
    ),  // a C1 control is not text
  ]

  @Test("decodes a complete read", arguments: table)
  func wholeRead(input: String, expected: [InputEvent]) {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array(input.utf8)) == expected)
    #expect(!decoder.hasPendingInput)
  }

  @Test("decodes the same when every byte arrives in its own read", arguments: table)
  func byteByByte(input: String, expected: [InputEvent]) {
    var decoder = KeyDecoder()
    var events: [InputEvent] = []
    for byte in input.utf8 { events += decoder.decode([byte]) }
    #expect(events == expected)
  }

  @Test("decodes the same split at every position into two reads", arguments: table)
  func splitInTwo(input: String, expected: [InputEvent]) {
    let bytes = Array(input.utf8)
    for cut in 0...bytes.count {
      var decoder = KeyDecoder()
      let events = decoder.decode(bytes[..<cut]) + decoder.decode(bytes[cut...])
      #expect(events == expected, "split at \(cut)")
    }
  }

  @Test("a lone Esc is held until flushed")
  func loneEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1b]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.flush() == [])
  }

  @Test("Esc followed later by a sequence start decodes the sequence")
  func escapeThenRest() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1b]) == [])
    #expect(decoder.decode(Array("[A".utf8)) == [.key(.up)])
  }

  @Test(
    "flushing a partial sequence",
    arguments: [
      ("\u{1b}[", [InputEvent.key(.alt(.character("[")))]),
      ("\u{1b}O", [.key(.alt(.character("O")))]),
      ("\u{1b}[1;", []),
      ("\u{e6}\u{97}", []),
    ] as [(String, [InputEvent])])
  func flushPartial(input: String, expected: [InputEvent]) {
    var decoder = KeyDecoder()
    let bytes = input.unicodeScalars.map { UInt8($0.value) }
    #expect(decoder.decode(bytes) == [])
    #expect(decoder.flush() == expected)
    #expect(decoder.decode(Array("x".utf8)) == [.key(.character("x"))])
  }

  @Test("Esc Esc is Esc, then a held Esc")
  func doubleEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1b, 0x1b]) == [.key(.escape)])
    #expect(decoder.flush() == [.key(.escape)])
  }

  @Test("a paste waits for its end marker, also through a flush")
  func pasteAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1b}[200~first ".utf8)) == [])
    #expect(decoder.isInPaste)
    #expect(!decoder.hasPendingInput)
    #expect(decoder.flush() == [])
    #expect(decoder.decode(Array("second\u{1b}[20".utf8)) == [])
    #expect(decoder.decode(Array("1~q".utf8)) == [.paste("first second"), .key(.character("q"))])
    #expect(!decoder.isInPaste)
  }

  @Test("an overlong sequence is dropped, not held forever")
  func overlongSequence() {
    var decoder = KeyDecoder()
    let garbage = "\u{1b}[" + String(repeating: "1;", count: 40)
    #expect(decoder.decode(Array(garbage.utf8)) == [])
    #expect(decoder.decode(Array("x".utf8)).last == .key(.character("x")))
  }
}
