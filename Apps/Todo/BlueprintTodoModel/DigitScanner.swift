/// Reads a fixed layout of digits and separators (`2026-05-01`, `10:00:00Z`) from
/// UTF-8 bytes, front to back, in one pass and without copying them.
struct DigitScanner<Bytes: Sequence<UInt8>> {
  private var bytes: Bytes.Iterator

  init(_ bytes: Bytes) { self.bytes = bytes.makeIterator() }

  /// The number the next `width` bytes spell, when all of them are ASCII digits.
  mutating func number(width: Int) -> Int? {
    var value = 0
    for _ in 0..<width {
      guard let byte = bytes.next(), (0x30...0x39).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  /// Whether the next byte is `expected`; it is read either way.
  mutating func skip(_ expected: UInt8) -> Bool { bytes.next() == expected }

  /// Whether every byte has been read.
  mutating func isAtEnd() -> Bool { bytes.next() == nil }
}
