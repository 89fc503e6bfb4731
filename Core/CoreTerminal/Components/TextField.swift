import CoreBase

/// A single-line text field: insert, Backspace, Delete, ← →, Home/End, Ctrl-A/E,
/// Ctrl-U (delete to start), Ctrl-W (delete word), Ctrl-K (delete to end), paste.
///
/// Text longer than the field scrolls horizontally to keep the cursor visible.
///
/// <!-- doc-test: context
/// struct Todo { var title: String }
/// let todo = Todo(title: "Buy milk")
/// let event = InputEvent.key(.left)
/// var frame = Frame(size: TerminalSize(columns: 40, rows: 10))
/// -->
/// ```swift
/// var field = TextField(text: todo.title)
/// if field.handle(event) { print(field.text) }  // true when it used the key
/// field.render(into: &frame, row: 3, column: 2, width: 30)
/// ```
public struct TextField: Sendable, Hashable {
  /// The characters typed.
  public private(set) var characters: [Character]
  /// The cursor position, an index into ``characters``.
  public private(set) var cursor: Int
  /// The first character shown (horizontal scroll).
  public private(set) var scrollOffset = 0

  /// Creates a field with the cursor at the end.
  ///
  /// - Parameter text: The initial text; sanitized to one line.
  public init(text: String = "") {
    characters = Array(text.terminalSafe)
    cursor = characters.count
  }

  /// The text.
  public var text: String { String(characters) }

  /// Edits for a key or paste.
  ///
  /// - Parameter event: The input.
  /// - Returns: Whether the field used it.
  public mutating func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .paste(let text):
      insert(text.terminalSafe)
      return true
    case .key(let key):
      return handle(key)
    case .resize, .resume:
      return false
    }
  }

  private mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(String(character).terminalSafe)
    case .backspace:
      guard cursor > 0 else { return true }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete, .ctrl("d"):
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left, .ctrl("b"): cursor = Swift.max(0, cursor - 1)
    case .right, .ctrl("f"): cursor = Swift.min(characters.count, cursor + 1)
    case .home, .ctrl("a"): cursor = 0
    case .end, .ctrl("e"): cursor = characters.count
    case .ctrl("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .ctrl("k"): characters.removeSubrange(cursor...)
    case .ctrl("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    default: return false
    }
    return true
  }

  private mutating func insert(_ text: String) {
    let new = Array(text)
    characters.insert(contentsOf: new, at: cursor)
    cursor += new.count
  }

  /// Draws the field (underlined) and places the terminal cursor in it.
  ///
  /// - Parameters:
  ///   - frame: The frame to draw into.
  ///   - row: The row.
  ///   - column: The first column.
  ///   - width: The field's width in cells.
  ///   - isFocused: Whether to show the cursor.
  public mutating func render(
    into frame: inout Frame, row: Int, column: Int, width: Int, isFocused: Bool = true
  ) {
    guard width > 1 else { return }
    scrollOffset = Swift.min(scrollOffset, cursor)
    // Keep the cursor inside the field: the cells from scrollOffset to cursor must fit.
    while cellWidth(scrollOffset..<cursor) > width - 1 { scrollOffset += 1 }
    // A wider field (the window grew) shows again what scrolled out to the left.
    while scrollOffset > 0, cellWidth((scrollOffset - 1)..<cursor) <= width - 1 {
      scrollOffset -= 1
    }
    let style = TextStyle(isUnderlined: true)
    frame.fill(Rect(row: row, column: column, width: width, height: 1), style: style)
    var visible = ""
    var used = 0
    for character in characters[scrollOffset...] {
      let cells = TextWidth.of(character)
      if used + cells > width { break }
      visible.append(character)
      used += cells
    }
    frame.draw(visible, row: row, column: column, width: width, style: style, sanitizing: false)
    if isFocused {
      frame.cursor = (row, column + cellWidth(scrollOffset..<cursor))
    }
  }

  /// Draws the field on the first row of a rectangle, as wide as the rectangle.
  ///
  /// - Parameters:
  ///   - frame: The frame to draw into.
  ///   - rect: Where the field goes; nothing is drawn when it is empty.
  ///   - isFocused: Whether to show the cursor.
  public mutating func render(into frame: inout Frame, in rect: Rect, isFocused: Bool = true) {
    guard rect.height > 0 else { return }
    render(
      into: &frame, row: rect.row, column: rect.column, width: rect.width, isFocused: isFocused)
  }

  private func cellWidth(_ range: Range<Int>) -> Int {
    characters[range].reduce(0) { $0 + TextWidth.of($1) }
  }
}
