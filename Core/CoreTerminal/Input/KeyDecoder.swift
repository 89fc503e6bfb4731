import CoreBase

/// Turns the bytes a terminal sends into keys and pastes, incrementally.
///
/// The decoder is pure: feed it whatever each `read` returned and it gives back the
/// events that are complete, holding an unfinished escape sequence or UTF-8 character
/// until the next bytes arrive. A lone `ESC` is held too, because it may start a
/// sequence: when no more bytes follow within a short delay (about 30 ms), the caller
/// calls ``flush()`` and gets ``Key/escape``. Timing stays outside, so tests are
/// deterministic; ``TerminalInputDecoder`` adds the delay with an injected clock.
///
/// Recognised: UTF-8 text, Enter, Tab, Shift-Tab, Backspace (`0x7f`, `0x08`), Delete,
/// Insert, Esc, arrows, Home/End (`CSI H/F`, `CSI 1~/4~/7~/8~`, `SS3 H/F`), Page Up/Down,
/// F1–F12, Ctrl-letters, Alt plus a key, and bracketed paste (`ESC[200~ … ESC[201~`) as
/// one ``InputEvent/paste(_:)``. Unknown sequences (mouse reports, focus events) are
/// swallowed, never delivered as text.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("\u{1b}[".utf8))  // []
/// decoder.decode(Array("A".utf8))        // [.key(.up)]
/// ```
public struct KeyDecoder: Sendable {
  private var buffer: [UInt8] = []
  private var paste: [UInt8]?

  /// Longest escape sequence accepted; a longer one is dropped as garbage.
  private static let maximumSequenceLength = 64
  private static let pasteEnd: [UInt8] = Array("\u{1b}[201~".utf8)

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether bytes are held that ``flush()`` would resolve (a lone `ESC`, a partial
  /// sequence or character). A paste in progress does not count: it waits for its end.
  public var hasPendingInput: Bool { paste == nil && !buffer.isEmpty }

  /// Whether a bracketed paste has started and not yet ended.
  public var isInPaste: Bool { paste != nil }

  /// Decodes the next bytes read from the terminal.
  ///
  /// - Parameter bytes: Bytes as read; may end in the middle of a sequence.
  /// - Returns: Every event completed by these bytes, in order.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    buffer.append(contentsOf: Array(bytes))
    return decodeBuffer()
  }

  /// The non-generic body of ``decode(_:)``.
  private mutating func decodeBuffer() -> [InputEvent] {
    var events: [InputEvent] = []
    var index = 0
    scan: while index < buffer.count {
      if paste != nil {
        index = consumePaste(from: index, into: &events)
        if paste != nil { break scan }
        continue
      }
      switch parse(at: index) {
      case .events(let decoded, let length):
        events.append(contentsOf: decoded)
        index += length
      case .skip(let length):
        index += length
      case .pasteStart(let length):
        paste = []
        index += length
      case .incomplete:
        break scan
      }
    }
    buffer.removeFirst(index)
    return events
  }

  /// Resolves held bytes after the input went quiet: a lone `ESC` becomes
  /// ``Key/escape``, `ESC [` or `ESC O` becomes Alt plus that key, and an unfinished
  /// sequence or character is dropped. A paste in progress is kept.
  ///
  /// - Returns: The events the held bytes stand for, possibly none.
  public mutating func flush() -> [InputEvent] {
    guard paste == nil, !buffer.isEmpty else { return [] }
    defer { buffer.removeAll() }
    if buffer == [0x1b] { return [.key(.escape)] }
    if buffer.count == 2, buffer[0] == 0x1b, let key = Self.controlOrASCII(buffer[1]) {
      return [.key(.alt(key))]
    }
    return []
  }

  // MARK: - Parsing

  private enum Step {
    case events([InputEvent], length: Int)
    case skip(Int)
    case pasteStart(Int)
    case incomplete
  }

  private func parse(at index: Int) -> Step {
    let byte = buffer[index]
    if byte == 0x1b { return parseEscape(at: index) }
    if let key = Self.control(byte) { return .events([.key(key)], length: 1) }
    return parseText(at: index)
  }

  /// A run of printable text (ASCII and UTF-8), delivered as one event per grapheme.
  private func parseText(at start: Int) -> Step {
    var end = start
    while end < buffer.count, Self.isText(buffer[end]) { end += 1 }
    if end == buffer.count, let cut = incompleteUTF8Tail(start: start, end: end) {
      if cut == start { return .incomplete }
      end = cut
    }
    let text = String(decoding: buffer[start..<end], as: UTF8.self)
    // C1 controls (U+0080–U+009F, e.g. U+009B CSI) are never delivered as text.
    let events = text.compactMap { character -> InputEvent? in
      guard let first = character.unicodeScalars.first, !(0x80...0x9f).contains(first.value)
      else { return nil }
      return .key(.character(character))
    }
    return .events(events, length: end - start)
  }

  /// Where an unfinished UTF-8 character at the end of `start..<end` begins, if any.
  private func incompleteUTF8Tail(start: Int, end: Int) -> Int? {
    var index = end - 1
    while index >= max(start, end - 3) {
      let byte = buffer[index]
      if byte >= 0xc0 {
        let length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
        return index + length > end ? index : nil
      }
      if byte < 0x80 { return nil }
      index -= 1
    }
    return nil
  }

  private func parseEscape(at index: Int) -> Step {
    guard index + 1 < buffer.count else { return .incomplete }
    switch buffer[index + 1] {
    case UInt8(ascii: "["):
      return parseCSI(at: index)
    case UInt8(ascii: "O"):
      guard index + 2 < buffer.count else { return .incomplete }
      guard let key = Self.ss3Key(buffer[index + 2]) else { return .skip(3) }
      return .events([.key(key)], length: 3)
    case 0x1b:
      return .events([.key(.escape)], length: 1)
    case let next where Self.isText(next):
      let length = Self.utf8Length(next)
      guard index + 1 + length <= buffer.count else { return .incomplete }
      let text = String(decoding: buffer[(index + 1)..<(index + 1 + length)], as: UTF8.self)
      guard let character = text.first else { return .skip(1 + length) }
      return .events([.key(.alt(.character(character)))], length: 1 + length)
    case let next:
      guard let key = Self.control(next) else { return .skip(2) }
      return .events([.key(.alt(key))], length: 2)
    }
  }

  private func parseCSI(at index: Int) -> Step {
    var end = index + 2
    while end < buffer.count, (0x30...0x3f).contains(buffer[end]) { end += 1 }
    let parametersEnd = end
    while end < buffer.count, (0x20...0x2f).contains(buffer[end]) { end += 1 }
    guard end < buffer.count else {
      return end - index > Self.maximumSequenceLength ? .skip(end - index) : .incomplete
    }
    let final = buffer[end]
    guard (0x40...0x7e).contains(final) else { return .skip(end - index) }
    let length = end - index + 1
    let parameters = String(decoding: buffer[(index + 2)..<parametersEnd], as: UTF8.self)
    if final == UInt8(ascii: "~"), parameters == "200" { return .pasteStart(length) }
    guard let key = Self.csiKey(parameters: parameters, final: final) else { return .skip(length) }
    return .events([.key(key)], length: length)
  }

  /// Moves paste bytes out of the buffer until the end marker; returns the new index.
  private mutating func consumePaste(from index: Int, into events: inout [InputEvent]) -> Int {
    let marker = Self.pasteEnd
    var search = index
    while search + marker.count <= buffer.count {
      if buffer[search] == 0x1b, buffer[search..<(search + marker.count)].elementsEqual(marker) {
        paste?.append(contentsOf: buffer[index..<search])
        events.append(.paste(Self.normalizedPaste(paste ?? [])))
        paste = nil
        return search + marker.count
      }
      search += 1
    }
    // Keep a possible start of the end marker; the rest belongs to the paste.
    var keep = min(marker.count - 1, buffer.count - index)
    while keep > 0, !buffer[(buffer.count - keep)...].elementsEqual(marker.prefix(keep)) {
      keep -= 1
    }
    paste?.append(contentsOf: buffer[index..<(buffer.count - keep)])
    return buffer.count - keep
  }

  // MARK: - Tables

  private static func isText(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x7f }

  private static func utf8Length(_ lead: UInt8) -> Int {
    lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
  }

  /// The key a single control byte stands for, or `nil` for text bytes and `ESC`.
  private static func control(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x0d, 0x0a: return .enter
    case 0x09: return .tab
    case 0x7f, 0x08: return .backspace
    case 0x00: return .ctrl(" ")
    case 0x01...0x1a: return .ctrl(Character(Unicode.Scalar(byte + 0x60)))
    case 0x1c: return .ctrl("\\")
    case 0x1d: return .ctrl("]")
    case 0x1e: return .ctrl("^")
    case 0x1f: return .ctrl("_")
    default: return nil
    }
  }

  private static func controlOrASCII(_ byte: UInt8) -> Key? {
    if let key = control(byte) { return key }
    guard byte >= 0x20, byte < 0x7f else { return nil }
    return .character(Character(Unicode.Scalar(byte)))
  }

  private static func ss3Key(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "M"): return .enter
    case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final) - 0x50 + 1)
    default: return nil
    }
  }

  private static func csiKey(parameters: String, final: UInt8) -> Key? {
    if let first = parameters.first, "<=>?".contains(first) { return nil }
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
    let number = fields.first.flatMap { Int($0) }
    let modifier = fields.count > 1 ? Int(fields[1]) ?? 1 : 1
    let key: Key?
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "Z"): key = .backTab
    case UInt8(ascii: "P")...UInt8(ascii: "S"):
      key = parameters.isEmpty || number == 1 ? .function(Int(final) - 0x50 + 1) : nil
    case UInt8(ascii: "~"): key = number.flatMap(tildeKey)
    default: key = nil
    }
    guard let key else { return nil }
    // xterm modifier parameter: 1 + (shift 1 | alt 2 | ctrl 4).
    return (modifier - 1) & 2 != 0 ? .alt(key) : key
  }

  private static func tildeKey(_ number: Int) -> Key? {
    switch number {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11...15: return .function(number - 10)
    case 17...21: return .function(number - 11)
    case 23, 24: return .function(number - 12)
    default: return nil
    }
  }

  /// Paste text with CR LF and lone CR turned into LF.
  private static func normalizedPaste(_ bytes: [UInt8]) -> String {
    var normalized: [UInt8] = []
    normalized.reserveCapacity(bytes.count)
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == 0x0d {
        normalized.append(0x0a)
      } else if !(byte == 0x0a && previous == 0x0d) {
        normalized.append(byte)
      }
      previous = byte
    }
    return String(decoding: normalized, as: UTF8.self)
  }
}
