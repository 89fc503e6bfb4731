/// The state of one ``StrictJSON/encode(_:)`` call: the bytes written so far
/// and the containers still open, innermost last.
///
/// Every value is written once, in place, pretty-printed at its depth. An object's
/// members are written in the order the value encodes them and put in key order when
/// the object closes (nothing moves when they came sorted, as synthesized `Codable`
/// conformances with sorted keys write them). A container closes when its value's
/// `encode(to:)` returns, or when its parent writes its next member: a container
/// written to after that is *stale*, and the writer gives up (``isAbandoned``) so that
/// the caller can encode the value again with `JSONEncoder`, which keeps a tree.
///
/// The writer is used by one encoding call on one thread, and no method holds an
/// access to its buffers while calling out (to a value's `encode(to:)`), so their
/// run-time exclusivity checks, a quarter of the encoding time when measured, are off.
final class JSONWriter {
  /// The JSON text so far.
  @exclusivity(unchecked) var bytes: [UInt8] = []
  /// The open containers and value slots, outermost first.
  @exclusivity(unchecked) var frames: [Frame] = []
  /// The members of the open objects, each object's after its parent's.
  @exclusivity(unchecked) var entries: [Entry] = []
  /// Set when the value used a container after it closed; nothing more is written.
  @exclusivity(unchecked) private(set) var isAbandoned = false
  /// Reused by ``JSONWriter/closeObject(_:)`` when it reorders members.
  @exclusivity(unchecked) var scratch: [UInt8] = []
  @exclusivity(unchecked) private var nextSerial = 0
  /// The last few value types that were not scalars (see ``writeValue(_:key:)``).
  @exclusivity(unchecked) var knownComposites: [ObjectIdentifier] = []

  /// One open value: a slot waiting for a value, or an object or array being written.
  struct Frame {
    enum Kind { case empty, value, object, array }
    var kind: Kind
    /// The indentation level of the value itself; its members are one deeper.
    let level: Int
    /// Tells this frame from a later one at the same index.
    let serial: Int
    /// The key or index under which the parent holds this value, for `codingPath`.
    let key: (any CodingKey)?
    /// Where the members start: just after `{` or `[`.
    var contentStart = 0
    /// How many members or elements are written.
    var count = 0
    /// The index in ``JSONWriter/entries`` of this object's first member.
    var entryBase = 0
    /// Whether the members so far are plain keys in strictly increasing order.
    var isInOrder = true
  }

  /// One member of an open object, as written.
  struct Entry {
    /// The key, kept only when it is not plain (``isPlain``); plain keys are compared in place.
    var key: String
    /// Whether the key is printable ASCII written as it is: its bytes in the text are its UTF-8.
    var isPlain: Bool
    /// Where the separator before the member starts (`\n` or `,\n`).
    var separatorStart: Int
    /// The quoted key: from its opening quote to after its closing quote.
    var keyStart: Int
    var keyEnd: Int
    /// Where the value starts; it ends where the next member's separator starts.
    var valueStart: Int
  }

  /// A frame as containers and encoders hold it.
  struct FrameID {
    let index: Int
    let serial: Int
  }

  init(capacity: Int = 4_096) {
    bytes.reserveCapacity(capacity)
  }

  // MARK: - Frames

  /// Opens a frame above the current top.
  func push(level: Int, key: (any CodingKey)?) -> FrameID {
    nextSerial += 1
    frames.append(Frame(kind: .empty, level: level, serial: nextSerial, key: key))
    return FrameID(index: frames.count - 1, serial: nextSerial)
  }

  /// Makes `frame` the innermost open frame, closing the frames above it; `false`
  /// (and the writer abandoned) when `frame` is closed already.
  func activate(_ frame: FrameID) -> Bool {
    if frame.index == frames.count - 1, frames[frame.index].serial == frame.serial {
      return !isAbandoned
    }
    guard !isAbandoned, frame.index < frames.count, frames[frame.index].serial == frame.serial
    else {
      abandon()
      return false
    }
    while frames.count - 1 > frame.index { closeTop() }
    return true
  }

  /// Closes every frame down to and including `frame`.
  func close(through frame: FrameID) {
    guard !isAbandoned, frame.index < frames.count, frames[frame.index].serial == frame.serial
    else {
      abandon()
      return
    }
    while frames.count > frame.index { closeTop() }
  }

  /// Closes the innermost frame. A slot nothing was written to holds `{}`, as in
  /// `JSONEncoder`; an empty array is `[]`.
  private func closeTop() {
    let frame = frames[frames.count - 1]
    switch frame.kind {
    case .value:
      break
    case .empty:
      bytes.append(JSONByte.openBrace)
      writeEmptyClose(level: frame.level, closer: JSONByte.closeBrace)
    case .array:
      if frame.count == 0 {
        writeEmptyClose(level: frame.level, closer: JSONByte.closeBracket)
      } else {
        writeClose(level: frame.level, closer: JSONByte.closeBracket)
      }
    case .object:
      closeObject(frame)
    }
    frames.removeLast()
  }

  /// Turns the empty slot `frame` into an object or array, or checks that it is one
  /// already (a second `container(keyedBy:)` call writes into the same object).
  func open(_ frame: FrameID, as kind: Frame.Kind) {
    guard activate(frame) else { return }
    let index = frame.index
    if frames[index].kind == .empty {
      bytes.append(kind == .object ? JSONByte.openBrace : JSONByte.openBracket)
      frames[index].kind = kind
      frames[index].contentStart = bytes.count
      frames[index].entryBase = entries.count
    } else if frames[index].kind != kind {
      abandon()
    }
  }

  /// Gives up streaming: the caller encodes again with `JSONEncoder`.
  func abandon() {
    isAbandoned = true
  }

  /// The coding path of the value `frame` holds.
  func codingPath(of frame: FrameID) -> [any CodingKey] {
    guard frame.index < frames.count else { return [] }
    return frames[...frame.index].compactMap(\.key)
  }

  /// The coding path of the innermost open frame.
  var currentCodingPath: [any CodingKey] {
    frames.compactMap(\.key)
  }

  // MARK: - Members and elements

  /// Starts the member `key` of the object `frame`: the separator, the indentation,
  /// the key and ` : `. `false` when nothing is to be written.
  func beginMember(_ key: String, in frame: FrameID) -> Bool {
    guard activate(frame), frames[frame.index].kind == .object else {
      abandon()
      return false
    }
    let index = frame.index
    let count = frames[index].count
    let separatorStart = bytes.count
    writeSeparator(first: count == 0, level: frames[index].level + 1)
    let keyStart = bytes.count
    let isPlain = writeString(key)
    let keyEnd = bytes.count
    writeColon()
    let entry = Entry(
      key: isPlain ? "" : key, isPlain: isPlain, separatorStart: separatorStart,
      keyStart: keyStart, keyEnd: keyEnd, valueStart: bytes.count)
    if frames[index].isInOrder {
      frames[index].isInOrder =
        isPlain && (count == 0 || precedes(plain: entries[entries.count - 1], entry))
    }
    entries.append(entry)
    frames[index].count = count + 1
    return true
  }

  /// Starts the next element of the array `frame`. `false` when nothing is to be written.
  func beginElement(in frame: FrameID) -> Bool {
    guard activate(frame), frames[frame.index].kind == .array else {
      abandon()
      return false
    }
    let count = frames[frame.index].count
    writeSeparator(first: count == 0, level: frames[frame.index].level + 1)
    frames[frame.index].count = count + 1
    return true
  }

  /// Claims the slot `frame` for a single value. `false` when nothing is to be written.
  func beginSingleValue(in frame: FrameID) -> Bool {
    guard activate(frame), frames[frame.index].kind == .empty else {
      abandon()
      return false
    }
    frames[frame.index].kind = .value
    return true
  }

  /// The level of the value being written into the innermost frame.
  var childLevel: Int {
    let top = frames[frames.count - 1]
    return top.kind == .empty || top.kind == .value ? top.level : top.level + 1
  }

  // MARK: - Layout

  /// `,`, a newline and spaces: every separator and indentation is a slice of it.
  private static let layout: [UInt8] =
    [JSONByte.comma, JSONByte.newline] + [UInt8](repeating: JSONByte.space, count: 2 * 64)

  func writeSeparator(first: Bool, level: Int) {
    guard level <= 64 else {
      if !first { bytes.append(JSONByte.comma) }
      bytes.append(JSONByte.newline)
      writeIndent(level)
      return
    }
    bytes.append(contentsOf: Self.layout[(first ? 1 : 0)..<(2 + 2 * level)])
  }

  func writeIndent(_ level: Int) {
    if level <= 64 {
      bytes.append(contentsOf: Self.layout[2..<(2 + 2 * level)])
    } else {
      bytes.append(contentsOf: repeatElement(JSONByte.space, count: 2 * level))
    }
  }

  /// ` : ` between a key and its value.
  func writeColon() {
    bytes.append(JSONByte.space)
    bytes.append(JSONByte.colon)
    bytes.append(JSONByte.space)
  }

  /// `\n`, the indentation of `level` and `closer`.
  func writeClose(level: Int, closer: UInt8) {
    bytes.append(JSONByte.newline)
    writeIndent(level)
    bytes.append(closer)
  }

  /// Closes an empty object or array right after its opener: `{}`, `[]`, as
  /// `JSONEncoder` writes them on Apple platforms (Linux's puts a blank line between).
  private func writeEmptyClose(level: Int, closer: UInt8) {
    bytes.append(closer)
  }
}
