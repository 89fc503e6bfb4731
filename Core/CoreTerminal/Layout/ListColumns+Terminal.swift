public import CoreBase

extension ListColumns {
  /// The detail columns (all but the title) that fit in `width` cells for these items,
  /// with the width of each, the same for every row so that they line up.
  ///
  /// A column no item has a value for is left out; the others are taken from the most
  /// important down while they fit whole (a ``ListColumn/Width/content(minimum:)``
  /// column while at least its minimum fits, cut to what is left), two cells apart, so
  /// a less important column never shows when a more important one does not. They are
  /// shown in their declared order.
  ///
  /// - Parameters:
  ///   - items: The rows' items (all of them, so the columns do not move on scrolling).
  ///   - width: The cells the details may take.
  /// - Returns: The columns to draw, for ``FittedListColumns/detail(of:)``.
  public func fittedDetails(for items: some Collection<Item>, width: Int) -> FittedListColumns<
    Item
  > {
    var wanted: [(index: Int, column: ListColumn<Item>, width: Int)] = []
    for (index, column) in details.enumerated() {
      var widest = 0
      var hasValue = false
      for item in items {
        guard let text = column.text(item), !text.isEmpty else { continue }
        hasValue = true
        if case .content = column.width {
          widest = Swift.max(widest, text.terminalSafe.terminalWidth)
        }
      }
      guard hasValue else { continue }
      switch column.width {
      case .fixed(let cells): wanted.append((index, column, cells))
      case .content: wanted.append((index, column, widest))
      case .fill: continue
      }
    }
    var kept: [(index: Int, column: ListColumn<Item>, width: Int)] = []
    var used = 0
    let byImportance = wanted.enumerated().sorted { left, right in
      left.element.column.importance != right.element.column.importance
        ? left.element.column.importance > right.element.column.importance
        : left.offset < right.offset
    }
    fitting: for (_, entry) in byImportance {
      let room = width - used - (used > 0 ? FittedListColumns<Item>.spacing : 0)
      var cells = entry.width
      switch entry.column.width {
      case .fixed: guard cells <= room else { break fitting }
      case .content(let minimum):
        guard room >= Swift.max(1, minimum) else { break fitting }
        cells = Swift.min(cells, room)
      case .fill: continue
      }
      kept.append((entry.index, entry.column, cells))
      used += cells + (used > 0 ? FittedListColumns<Item>.spacing : 0)
    }
    kept.sort { $0.index < $1.index }
    return FittedListColumns(columns: kept.map { ($0.column, $0.width) })
  }
}

/// Detail columns fitted to a width by `ListColumns/fittedDetails(for:width:)`.
public struct FittedListColumns<Item>: Sendable {
  /// Cells between two columns.
  static var spacing: Int { 2 }

  /// The columns shown, in order, with their widths.
  public let columns: [(column: ListColumn<Item>, width: Int)]

  /// The cells the columns take, spacing included.
  public var width: Int {
    columns.reduce(0) { $0 + $1.width } + Self.spacing * Swift.max(0, columns.count - 1)
  }

  /// One row's details: each column's text cut or padded to its width, two cells
  /// apart; sanitized. Nil when the item has none of them.
  ///
  /// - Parameter item: The row's item.
  /// - Returns: The text for ``ListRow/detail``.
  public func detail(of item: Item) -> String? {
    var parts: [String] = []
    var hasText = false
    for (column, width) in columns {
      let text = column.text(item)?.terminalSafe ?? ""
      if !text.isEmpty { hasText = true }
      parts.append(text.padded(toWidth: width))
    }
    return hasText ? parts.joined(separator: "  ") : nil
  }
}
