import CoreBase

/// One row of a ``ListView``: a title, an optional detail shown right-aligned, a style.
public struct ListRow: Sendable, Hashable {
  /// The main text; sanitized when drawn.
  public var title: String
  /// Secondary text at the right edge; sanitized when drawn.
  public var detail: String?
  /// The style when not selected.
  public var style: TextStyle

  /// Creates a row.
  ///
  /// - Parameters:
  ///   - title: The main text.
  ///   - detail: Secondary text at the right edge.
  ///   - style: The style when not selected.
  public init(_ title: String, detail: String? = nil, style: TextStyle = .plain) {
    self.title = title
    self.detail = detail
    self.style = style
  }
}

/// A scrolling, selectable list that draws only the rows it shows.
///
/// It holds the selection and the scroll offset, not the items: the screen passes the
/// item count and a closure that builds one row, so a frame costs the same for 100
/// items as for 100,000.
///
/// <!-- doc-test: context
/// struct Todo { var title: String }
/// let todos = [Todo(title: "Buy milk")]
/// var frame = Frame(size: TerminalSize(columns: 40, rows: 10))
/// let area = Rect(row: 0, column: 0, width: 40, height: 10)
/// let event = InputEvent.key(.down)
/// -->
/// ```swift
/// var list = ListView()
/// list.render(into: &frame, area: area, count: todos.count) { ListRow(todos[$0].title) }
/// _ = list.handle(event, count: todos.count)    // ↑ ↓ j k PgUp PgDn Home End
/// ```
public struct ListView: Sendable, Hashable {
  /// The selected index.
  public private(set) var selection = 0
  /// The index of the first visible row.
  public private(set) var offset = 0
  /// The number of rows shown by the last render (a page).
  public private(set) var pageSize = 1

  /// Creates a list with the first item selected.
  public init() {}

  /// Selects an index, clamped to the items.
  ///
  /// - Parameters:
  ///   - index: The index to select.
  ///   - count: The number of items.
  public mutating func select(_ index: Int, count: Int) {
    selection = Swift.max(0, Swift.min(index, count - 1))
    scrollToSelection()
  }

  /// Moves the selection for ↑ ↓ j k PgUp PgDn Home End.
  ///
  /// - Parameters:
  ///   - event: The input.
  ///   - count: The number of items.
  /// - Returns: Whether the key moves a list.
  public mutating func handle(_ event: InputEvent, count: Int) -> Bool {
    guard case .key(let key) = event else { return false }
    switch key {
    case .up, .character("k"): select(selection - 1, count: count)
    case .down, .character("j"): select(selection + 1, count: count)
    case .pageUp: select(selection - pageSize, count: count)
    case .pageDown: select(selection + pageSize, count: count)
    case .home, .character("g"): select(0, count: count)
    case .end, .character("G"): select(count - 1, count: count)
    default: return false
    }
    return true
  }

  private mutating func scrollToSelection() {
    if selection < offset { offset = selection }
    if selection >= offset + pageSize { offset = selection - pageSize + 1 }
    offset = Swift.max(0, offset)
  }

  /// The most cells a row's detail gets in an area: half the row, less the scroll
  /// bar's column. For fitting detail columns (`ListColumns/fittedDetails(for:width:)`)
  /// so that the list never cuts them.
  ///
  /// - Parameter area: Where the list goes.
  /// - Returns: The detail's width in cells.
  public static func detailWidth(in area: Rect) -> Int {
    Swift.max(0, (area.width - 1) / 2 - 1)
  }

  /// Draws the visible rows, the selected one highlighted, with a scroll position
  /// indicator when the items do not fit.
  ///
  /// - Parameters:
  ///   - frame: The frame to draw into.
  ///   - area: Where the list goes.
  ///   - count: The number of items.
  ///   - row: Builds the row for an index; called only for visible rows.
  public mutating func render(
    into frame: inout Frame, area: Rect, count: Int, row: (Int) -> ListRow
  ) {
    pageSize = Swift.max(1, area.height)
    selection = Swift.max(0, Swift.min(selection, count - 1))
    offset = Swift.max(0, Swift.min(offset, count - pageSize))
    scrollToSelection()
    let hasScrollbar = count > pageSize && area.width > 2
    let width = area.width - (hasScrollbar ? 1 : 0)
    for line in 0..<Swift.min(pageSize, count - offset) {
      let index = offset + line
      let item = row(index)
      let isSelected = index == selection
      let style = isSelected ? TextStyle.selected : item.style
      let y = area.row + line
      if isSelected {
        frame.fill(Rect(row: y, column: area.column, width: width, height: 1), style: style)
      }
      var detailWidth = 0
      if let detail = item.detail {
        let clean = detail.terminalSafe
        detailWidth = Swift.min(clean.terminalWidth, Swift.max(0, width / 2 - 1))
        if detailWidth > 0 {
          frame.draw(
            clean, row: y, column: area.column + width - detailWidth - 1, width: detailWidth,
            style: isSelected ? style : .secondary, sanitizing: false)
        }
      }
      frame.draw(
        item.title, row: y, column: area.column + 1,
        width: width - 2 - (detailWidth > 0 ? detailWidth + 1 : 0), style: style)
    }
    if hasScrollbar {
      let thumb = Swift.min(pageSize - 1, selection * pageSize / Swift.max(1, count))
      for line in 0..<pageSize {
        frame.draw(
          line == thumb ? "┃" : "│", row: area.row + line, column: area.column + area.width - 1,
          style: .secondary, sanitizing: false)
      }
    }
  }
}
