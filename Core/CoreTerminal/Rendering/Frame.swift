import CoreBase

/// One screenful of styled cells, sized to the terminal: what a screen draws into.
///
/// Text is drawn at a row and column and never wraps into the next row: what does not
/// fit is cut at a grapheme boundary and ends with `…`. A wide character (CJK, emoji)
/// occupies two cells (the second holds `""`); combining marks stay with their base
/// character. Data strings are sanitized on the way in unless told otherwise.
///
/// <!-- doc-test: context
/// struct Todo { var title: String }
/// let todo = Todo(title: "Buy milk")
/// -->
/// ```swift
/// var frame = Frame(size: TerminalSize(columns: 40, rows: 10))
/// frame.draw("Todos", row: 0, column: 0, style: .header)
/// frame.draw(todo.title, row: 2, column: 2, width: 20)   // sanitized, clipped
/// ```
public struct Frame: Sendable, Hashable {
  /// One cell: a grapheme (`" "` when blank, `""` for a wide character's second half)
  /// and its style.
  public struct Cell: Sendable, Hashable {
    /// The grapheme shown.
    public var text: String
    /// How it is drawn.
    public var style: TextStyle

    /// Creates a cell.
    ///
    /// - Parameters:
    ///   - text: The grapheme.
    ///   - style: Its style.
    public init(_ text: String = " ", style: TextStyle = .plain) {
      self.text = text
      self.style = style
    }
  }

  /// The size in cells.
  public let size: TerminalSize
  /// Where the terminal cursor is shown (a focused text field), or nil to hide it.
  public var cursor: (row: Int, column: Int)? {
    get {
      cursorPosition.map { ($0 / Swift.max(1, size.columns), $0 % Swift.max(1, size.columns)) }
    }
    set { cursorPosition = newValue.map { $0.row * size.columns + $0.column } }
  }
  /// A counter the runtime advances while something animates (spinners read it).
  public var animationTick: Int
  /// Set by components that animate (a spinner): the runtime draws another frame soon.
  public var requestsAnimation = false

  private var cursorPosition: Int?
  private var cells: [Cell]

  /// Creates a blank frame.
  ///
  /// - Parameters:
  ///   - size: The size in cells.
  ///   - animationTick: The animation counter spinners read.
  public init(size: TerminalSize, animationTick: Int = 0) {
    self.size = TerminalSize(columns: Swift.max(0, size.columns), rows: Swift.max(0, size.rows))
    self.animationTick = animationTick
    cells = Array(repeating: Cell(), count: self.size.columns * self.size.rows)
  }

  /// The whole frame as a rectangle.
  public var bounds: Rect { Rect(row: 0, column: 0, width: size.columns, height: size.rows) }

  /// The cell at a row and column.
  ///
  /// - Parameters:
  ///   - row: Zero-based row.
  ///   - column: Zero-based column.
  public subscript(row: Int, column: Int) -> Cell {
    cells[row * size.columns + column]
  }

  /// The cells of one row.
  ///
  /// - Parameter row: Zero-based row.
  /// - Returns: Its cells, left to right.
  public func cells(ofRow row: Int) -> ArraySlice<Cell> {
    cells[row * size.columns..<(row + 1) * size.columns]
  }

  /// Whether two frames show the same row the same way.
  func rowEquals(_ other: Frame, row: Int) -> Bool {
    cells(ofRow: row) == other.cells(ofRow: row)
  }

  // MARK: - Drawing

  /// Draws text on one row, clipped to `width` and to the frame, with an ellipsis when cut.
  ///
  /// - Parameters:
  ///   - text: The text; line breaks and controls are removed unless `sanitizing` is false.
  ///   - row: Zero-based row; rows outside the frame draw nothing.
  ///   - column: Zero-based start column.
  ///   - width: The most cells to use; the rest of the row by default.
  ///   - style: The style of the drawn cells.
  ///   - sanitizing: Whether to pass `text` through ``TerminalSanitizer/singleLine``
  ///     first; turn it off only for text the program wrote itself.
  /// - Returns: The number of cells drawn.
  @discardableResult
  public mutating func draw(
    _ text: some StringProtocol, row: Int, column: Int, width: Int? = nil,
    style: TextStyle = .plain, sanitizing: Bool = true
  ) -> Int {
    guard row >= 0, row < size.rows, column < size.columns else { return 0 }
    let start = Swift.max(0, column)
    let limit = Swift.min(width ?? size.columns, size.columns - start)
    guard limit > 0 else { return 0 }
    let clean = sanitizing ? TerminalSanitizer.singleLine.sanitize(text) : String(text)
    let fitted = clean.truncated(toWidth: limit)
    var position = start
    for character in fitted {
      let cells = TextWidth.of(character)
      guard cells > 0 else { continue }
      guard position + cells <= start + limit else { break }
      put(String(character), width: cells, row: row, column: position, style: style)
      position += cells
    }
    return position - start
  }

  /// Fills a rectangle with one character (a space by default) in one style.
  ///
  /// - Parameters:
  ///   - rect: The area; clipped to the frame.
  ///   - character: The fill character; must be one cell wide.
  ///   - style: The style of the filled cells.
  public mutating func fill(
    _ rect: Rect, with character: Character = " ", style: TextStyle = .plain
  ) {
    let text = String(character)
    for row in Swift.max(0, rect.row)..<Swift.min(size.rows, rect.bottom) {
      for column in Swift.max(0, rect.column)..<Swift.min(size.columns, rect.column + rect.width) {
        put(text, width: 1, row: row, column: column, style: style)
      }
    }
  }

  /// Changes the style of cells without changing their text (a selection highlight).
  ///
  /// - Parameters:
  ///   - rect: The area; clipped to the frame.
  ///   - style: The new style.
  public mutating func restyle(_ rect: Rect, style: TextStyle) {
    for row in Swift.max(0, rect.row)..<Swift.min(size.rows, rect.bottom) {
      for column in Swift.max(0, rect.column)..<Swift.min(size.columns, rect.column + rect.width) {
        cells[row * size.columns + column].style = style
      }
    }
  }

  private mutating func put(_ text: String, width: Int, row: Int, column: Int, style: TextStyle) {
    let index = row * size.columns + column
    // Overwriting half of a wide character blanks its other half.
    if cells[index].text.isEmpty, column > 0 { cells[index - 1].text = " " }
    let last = index + width - 1
    if column + width < size.columns, TextWidth.of(cells[last].text) == 2 {
      cells[last + 1].text = " "
    }
    if width == 2, column + 1 >= size.columns {
      cells[index] = Cell(" ", style: style)  // a wide character never splits across the edge
      return
    }
    cells[index] = Cell(text, style: style)
    if width == 2 { cells[index + 1] = Cell("", style: style) }
  }

  // MARK: - Reading

  /// The rows as text, trailing spaces removed.
  public var lines: [String] {
    (0..<size.rows).map { row in
      var line = cells(ofRow: row).map(\.text).joined()
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

  /// A grid with one letter per cell naming its style (`.` for plain), followed by a
  /// legend, e.g. `a = fg=accent bold`: the styles of a frame, for golden files.
  public var styleGrid: String {
    var letters: [TextStyle: Character] = [.plain: "."]
    var legend: [String] = []
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var rows: [String] = []
    for row in 0..<size.rows {
      var line = ""
      for cell in cells(ofRow: row) {
        if let letter = letters[cell.style] {
          line.append(letter)
        } else {
          let letter = legend.count < alphabet.count ? alphabet[legend.count] : "?"
          letters[cell.style] = letter
          legend.append("\(letter) = \(cell.style.summary)")
          line.append(letter)
        }
      }
      rows.append(line)
    }
    return (rows + [""] + legend).joined(separator: "\n")
  }
}
