import Core
public import CoreTerminal

/// A tiny terminal emulator that turns output bytes into a grid of text.
///
/// Enough for golden frames: printable text (wide characters take two cells),
/// CR, LF, BS, TAB, cursor moves (`CSI row;col H`, `A`–`D`, `G`, `d`), erase in
/// display and line (`J`, `K`), the alternate screen (`?1049`), cursor visibility
/// (`?25`) and bracketed paste (`?2004`). Writing the last column of a row wraps
/// only when the next character comes, as in xterm. SGR (`m`) does not change the text; each
/// one is recorded with the cell where it took effect. Other sequences are skipped.
public struct VirtualScreen: Sendable {
  /// An SGR sequence and where the cursor was when it arrived.
  public struct StyleChange: Hashable, Sendable {
    /// Zero-based row.
    public var row: Int
    /// Zero-based column.
    public var column: Int
    /// The parameters between `CSI` and `m`, e.g. `1;31`.
    public var parameters: String

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - row: Zero-based row.
    ///   - column: Zero-based column.
    ///   - parameters: The SGR parameters.
    public init(row: Int, column: Int, parameters: String) {
      self.row = row
      self.column = column
      self.parameters = parameters
    }
  }

  /// The screen size.
  public let size: TerminalSize
  /// Zero-based cursor row.
  public private(set) var row = 0
  /// Zero-based cursor column.
  public private(set) var column = 0
  /// Whether the cursor is shown.
  public private(set) var isCursorVisible = true
  /// Whether the alternate screen is active.
  public private(set) var isAlternateScreen = false
  /// Whether bracketed paste is on.
  public private(set) var isBracketedPasteOn = false
  /// Every SGR in order.
  public private(set) var styleChanges: [StyleChange] = []

  /// Cells by row; a wide character's second cell holds `""`.
  private var cells: [[String]]
  private var savedMainCells: [[String]]?
  private var pending: [Unicode.Scalar] = []
  /// Set after writing the last column: the next printable character wraps first.
  private var isWrapPending = false

  /// Creates a blank screen.
  ///
  /// - Parameter size: Its size in cells.
  public init(size: TerminalSize) {
    self.size = size
    cells = Self.blank(size)
  }

  /// The rows as text, trailing spaces removed.
  public var lines: [String] {
    cells.map { row in
      var line = row.joined()
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The rows joined by newlines, trailing empty rows removed.
  public var text: String {
    var rows = lines
    while rows.last == "" { rows.removeLast() }
    return rows.joined(separator: "\n")
  }

  /// Interprets output bytes.
  ///
  /// - Parameter bytes: Bytes written to the terminal.
  public mutating func feed(_ bytes: [UInt8]) {
    for character in String(decoding: bytes, as: UTF8.self) { feed(character) }
  }

  // MARK: - Interpreting

  private mutating func feed(_ character: Character) {
    if pending.isEmpty, character != "\u{1b}",
      let first = character.unicodeScalars.first, first.value < 0x20
    {
      isWrapPending = false  // CR, LF, BS, TAB move the cursor
    }
    if !pending.isEmpty {
      pending.append(contentsOf: character.unicodeScalars)
      interpretPending()
      return
    }
    switch character {
    case "\u{1b}": pending = ["\u{1b}"]
    case "\r": column = 0
    case "\n", "\r\n": lineFeed()
    case "\u{08}": column = Swift.max(0, column - 1)
    case "\t": column = Swift.min(size.columns - 1, (column / 8 + 1) * 8)
    default:
      if let first = character.unicodeScalars.first, first.value < 0x20 || first.value == 0x7f {
        return
      }
      put(character)
    }
  }

  private mutating func put(_ character: Character) {
    let width = TextWidth.of(character)
    guard width > 0 else {
      if column > 0 { cells[row][column - 1].append(character) }
      return
    }
    if isWrapPending || column + width > size.columns {
      column = 0
      lineFeed()
    }
    isWrapPending = false
    cells[row][column] = String(character)
    if width == 2, column + 1 < size.columns { cells[row][column + 1] = "" }
    if column + width >= size.columns {
      column = size.columns - 1
      isWrapPending = true
    } else {
      column += width
    }
  }

  private mutating func lineFeed() {
    if row + 1 < size.rows {
      row += 1
    } else {
      cells.removeFirst()
      cells.append(Array(repeating: " ", count: size.columns))
    }
  }

  private mutating func interpretPending() {
    guard pending.count >= 2 else { return }
    let kind = pending[1]
    if kind == "[" {
      guard let last = pending.last, pending.count > 2, (0x40...0x7e).contains(last.value) else {
        return
      }
      let parameters = String(String.UnicodeScalarView(pending[2..<(pending.count - 1)]))
      pending = []
      controlSequence(parameters, final: last)
    } else if kind == "]" || kind == "P" || kind == "_" || kind == "^" || kind == "X" {
      let count = pending.count
      if pending[count - 1] == "\u{07}"
        || (count >= 4 && pending[count - 2] == "\u{1b}"
          && pending[count - 1] == "\\")
      {
        pending = []
      }
    } else {
      pending = []
    }
  }

  private mutating func controlSequence(_ parameters: String, final: Unicode.Scalar) {
    if final != "m" { isWrapPending = false }
    if parameters.hasPrefix("?") {
      privateMode(String(parameters.dropFirst()), isOn: final == "h")
      return
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    let first = numbers.first ?? 0
    let count = Swift.max(1, first)
    switch final {
    case "H", "f":
      row = clamp(count - 1, size.rows)
      column = clamp(Swift.max(1, numbers.count > 1 ? numbers[1] : 1) - 1, size.columns)
    case "A": row = clamp(row - count, size.rows)
    case "B": row = clamp(row + count, size.rows)
    case "C": column = clamp(column + count, size.columns)
    case "D": column = clamp(column - count, size.columns)
    case "G": column = clamp(count - 1, size.columns)
    case "d": row = clamp(count - 1, size.rows)
    case "J": eraseDisplay(first)
    case "K": eraseLine(first, row: row)
    case "m": styleChanges.append(StyleChange(row: row, column: column, parameters: parameters))
    default: break
    }
  }

  private mutating func privateMode(_ mode: String, isOn: Bool) {
    switch mode {
    case "25": isCursorVisible = isOn
    case "2004": isBracketedPasteOn = isOn
    case "1049":
      guard isOn != isAlternateScreen else { return }
      isAlternateScreen = isOn
      if isOn {
        savedMainCells = cells
        cells = Self.blank(size)
      } else {
        cells = savedMainCells ?? Self.blank(size)
      }
    default: break
    }
  }

  private mutating func eraseDisplay(_ mode: Int) {
    switch mode {
    case 0:
      eraseLine(0, row: row)
      for index in (row + 1)..<size.rows { eraseLine(2, row: index) }
    case 1:
      for index in 0..<row { eraseLine(2, row: index) }
      eraseLine(1, row: row)
    default:
      cells = Self.blank(size)
    }
  }

  private mutating func eraseLine(_ mode: Int, row: Int) {
    let range: Range<Int>
    switch mode {
    case 0: range = column..<size.columns
    case 1: range = 0..<Swift.min(column + 1, size.columns)
    default: range = 0..<size.columns
    }
    for index in range { cells[row][index] = " " }
  }

  private func clamp(_ value: Int, _ limit: Int) -> Int {
    Swift.min(Swift.max(0, value), limit - 1)
  }

  private static func blank(_ size: TerminalSize) -> [[String]] {
    Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
  }
}
