import CoreBase
import CoreTerminal
import Testing

@Suite("Splitting an area by constraints")
struct LayoutTests {
  @Test(
    "sizes: fixed, fill, minimum, maximum and ratio share a length",
    arguments: [
      // A header, the content, a footer: the fill takes what the fixed rows leave.
      ([LayoutConstraint.fixed(1), .fill(), .fixed(1)], 10, [1, 8, 1]),
      ([.fixed(1), .fill(), .fixed(1)], 2, [1, 0, 1]),
      // Too short: the last fixed row gives way first, the header is lost last.
      ([.fixed(1), .fill(), .fixed(1)], 1, [1, 0, 0]),
      ([.fixed(1), .fill(), .fixed(1)], 0, [0, 0, 0]),
      // Fills share by weight; the cell rounding loses goes to the largest remainder.
      ([.fill(1), .fill(2)], 10, [3, 7]),
      // Equal remainders: the earlier fill gets the cell.
      ([.fill(), .fill(), .fill()], 10, [4, 3, 3]),
      ([.fill(), .fill(), .fill()], 2, [1, 1, 0]),
      // Ratios lose no cell to rounding down.
      ([.ratio(1, 3), .ratio(1, 3), .ratio(1, 3)], 10, [4, 3, 3]),
      ([.ratio(1, 2), .ratio(1, 2)], 5, [3, 2]),
      ([.ratio(1, 2), .fill()], 7, [3, 4]),
      ([.ratio(1, 4), .fixed(5)], 6, [1, 5]),
      // Ratios give way before fixed sizes.
      ([.ratio(1, 2), .fixed(5)], 6, [1, 5]),
      ([.ratio(0, 2), .ratio(1, 0)], 6, [0, 0]),
      // A maximum grows before a fill, up to its limit.
      ([.maximum(3), .fill()], 10, [3, 7]),
      ([.maximum(3), .fill()], 2, [2, 0]),
      ([.fill(), .maximum(3)], 10, [7, 3]),
      // A minimum keeps its size; with no fill it grows into the rest.
      ([.minimum(3), .fill()], 10, [3, 7]),
      ([.minimum(3), .fixed(2)], 10, [8, 2]),
      ([.minimum(1), .minimum(1)], 5, [3, 2]),
      // Minimums give way before fixed sizes: a form's field outlives the list above it.
      ([.fixed(1), .minimum(1), .maximum(4), .fixed(1)], 2, [1, 0, 0, 1]),
      ([.fixed(1), .minimum(1), .maximum(4), .fixed(1)], 5, [1, 1, 2, 1]),
      ([.fixed(1), .minimum(1), .maximum(4), .fixed(1)], 20, [1, 14, 4, 1]),
      // Nothing asks for the rest: it stays unused.
      ([.fixed(2), .maximum(1)], 10, [2, 1]),
      ([], 10, []),
      // Negative sizes count as none.
      ([.fixed(-3), .fill(-1), .fill()], 4, [0, 0, 4]),
    ])
  func sizes(constraints: [LayoutConstraint], length: Int, expected: [Int]) {
    #expect(Layout(.vertical, constraints).sizes(for: length) == expected)
  }

  @Test("rows: each area is a full-width row, in order, below the one before")
  func rows() {
    let area = Rect(row: 2, column: 3, width: 20, height: 10)
    let parts = Layout.rows(.fixed(1), .fill(), .fixed(2)).split(area)
    #expect(
      parts == [
        Rect(row: 2, column: 3, width: 20, height: 1),
        Rect(row: 3, column: 3, width: 20, height: 7),
        Rect(row: 10, column: 3, width: 20, height: 2),
      ])
  }

  @Test("columns with spacing: the gaps are left between areas, never after the last")
  func columnsWithSpacing() {
    let area = Rect(row: 1, column: 4, width: 12, height: 3)
    let parts = Layout.columns(.fixed(3), .fill(), .fixed(2), spacing: 2).split(area)
    #expect(
      parts == [
        Rect(row: 1, column: 4, width: 3, height: 3),
        Rect(row: 1, column: 9, width: 3, height: 3),
        Rect(row: 1, column: 14, width: 2, height: 3),
      ])
  }

  @Test("at every tiny size, the areas stay inside the area and never overlap")
  func tinyAreasStayInside() {
    let layouts: [Layout] = [
      .rows(.fixed(1), .fill(), .fixed(1), .fixed(1)),
      .columns(.ratio(1, 3), .fill(2), .minimum(4), spacing: 1),
      .columns(.maximum(5), .fixed(3), .fill(), spacing: 3),
      .rows(.ratio(2, 3), .ratio(1, 3)),
    ]
    for layout in layouts {
      for length in 0...14 {
        let area =
          layout.axis == .vertical
          ? Rect(row: 5, column: 1, width: 7, height: length)
          : Rect(row: 5, column: 1, width: length, height: 2)
        let parts = layout.split(area)
        #expect(parts.count == layout.constraints.count)
        var end = layout.axis == .vertical ? area.row : area.column
        for part in parts {
          let (start, size) =
            layout.axis == .vertical ? (part.row, part.height) : (part.column, part.width)
          #expect(start >= end, "\(layout) at \(length): \(parts)")
          #expect(part.row >= area.row && part.bottom <= area.bottom, "\(layout) at \(length)")
          #expect(
            part.column >= area.column && part.trailing <= area.trailing,
            "\(layout) at \(length)")
          end = start + size
        }
      }
    }
  }

  @Test("the sizes add up to the length when a fill takes the rest")
  func fillsTakeTheRest() {
    for length in 0...40 {
      let sizes = Layout.columns(.ratio(1, 3), .fill(1), .fill(3), .maximum(2)).sizes(
        for: length)
      #expect(sizes.reduce(0, +) == length, "length \(length): \(sizes)")
    }
  }
}

@Suite("Stacking rows and placing text in rectangles")
struct RowStackTests {
  @Test("next takes from the top, last from the bottom, and both run out without overlap")
  func stack() {
    var stack = RowStack(Rect(row: 1, column: 2, width: 10, height: 4))
    stack.skip()
    #expect(stack.next() == Rect(row: 2, column: 2, width: 10, height: 1))
    #expect(stack.last() == Rect(row: 4, column: 2, width: 10, height: 1))
    #expect(stack.next(5) == Rect(row: 3, column: 2, width: 10, height: 1))
    #expect(stack.height == 0)
    #expect(stack.next().height == 0)
    #expect(stack.last(2).height == 0)
  }

  @Test("line, inset and edge columns stay inside the rectangle")
  func rectHelpers() {
    let area = Rect(row: 3, column: 5, width: 10, height: 2)
    #expect(area.line(1) == Rect(row: 4, column: 5, width: 10, height: 1))
    #expect(area.line(2).height == 0)
    #expect(area.line(-1).height == 0)
    #expect(
      area.inset(top: 1, leading: 2, trailing: 3) == Rect(row: 4, column: 7, width: 5, height: 1))
    #expect(area.inset(top: 5, leading: 20).width == 0)
    #expect(area.inset(top: 5, leading: 20).height == 0)
    #expect(area.trailingColumns(4) == Rect(row: 3, column: 11, width: 4, height: 2))
    #expect(area.trailingColumns(40) == area)
    #expect(area.leadingColumns(3) == Rect(row: 3, column: 5, width: 3, height: 2))
  }

  @Test("text in a rectangle: cut at its width by display cells, aligned, none when empty")
  func drawInRect() {
    var frame = Frame(size: TerminalSize(columns: 12, rows: 3))
    frame.draw("日本語テキスト", in: Rect(row: 0, column: 1, width: 7, height: 1))
    frame.draw("日本", in: Rect(row: 1, column: 0, width: 12, height: 1), alignment: .trailing)
    frame.draw("hidden", in: Rect(row: 2, column: 0, width: 12, height: 0))
    frame.draw("ok", in: Rect(row: 2, column: 0, width: 5, height: 1), alignment: .trailing)
    #expect(frame.lines == [" 日本語…", "        日本", "   ok"])
  }

  @Test("lines in a rectangle: one per row, as many as fit")
  func drawLines() {
    var frame = Frame(size: TerminalSize(columns: 6, rows: 4))
    let drawn = frame.draw(
      lines: "one two three".wrapped(toWidth: 4), in: Rect(row: 1, column: 1, width: 4, height: 2))
    #expect(drawn == 2)
    #expect(frame.lines == ["", " one", " two", ""])
  }
}

@Suite("A list row declared as columns")
struct ListColumnsTests {
  struct Item {
    var title: String
    var tags: String?
    var level: String?
    var due: String?
  }

  static let columns = ListColumns<Item>([
    ListColumn("Title", importance: .essential, width: .fill) { $0.title },
    ListColumn("Tags", importance: .low, width: .content(minimum: 4)) { $0.tags },
    ListColumn("Level", importance: .medium, width: .fixed(4)) { $0.level },
    ListColumn(
      "Due", importance: .high, width: .fixed(5), tone: { $0.due == "late" ? .danger : .plain }
    ) { $0.due },
  ])
  static let items = [
    Item(title: "a", tags: "+日本語", level: "hi", due: "late"),
    Item(title: "b", tags: nil, level: nil, due: "12-01"),
  ]

  @Test(
    "narrow widths leave out the least important columns first; the rest keep their order",
    arguments: [
      (40, ["Tags", "Level", "Due"], [7, 4, 5]),
      (17, ["Tags", "Level", "Due"], [4, 4, 5]),
      (16, ["Level", "Due"], [4, 5]),
      (10, ["Due"], [5]),
      (4, [], []),
      (0, [], []),
    ])
  func fitting(width: Int, names: [String], widths: [Int]) {
    let fitted = Self.columns.fittedDetails(for: Self.items, width: width)
    #expect(fitted.columns.map(\.column.name) == names)
    #expect(fitted.columns.map(\.width) == widths)
    #expect(fitted.width <= max(0, width))
  }

  @Test("a row's detail: padded to the columns' widths, cut by display cells, nil when empty")
  func detail() {
    let fitted = Self.columns.fittedDetails(for: Self.items, width: 17)
    #expect(fitted.detail(of: Self.items[0]) == "+日…  hi    late ")
    #expect(fitted.detail(of: Self.items[1]) == "            12-01")
    #expect(fitted.detail(of: Item(title: "c")) == nil)
  }

  @Test("a column no item has a value for takes no room; the title is never a detail")
  func emptyColumns() {
    let fitted = Self.columns.fittedDetails(for: [Item(title: "x", due: "12-01")], width: 40)
    #expect(fitted.columns.map(\.column.name) == ["Due"])
    #expect(Self.columns.title?.name == "Title")
    #expect(Self.columns.details.map(\.name) == ["Tags", "Level", "Due"])
  }

  @Test("a row's tone is its strongest column's")
  func tone() {
    #expect(Self.columns.tone(of: Self.items[0]) == .danger)
    #expect(Self.columns.tone(of: Self.items[1]) == .plain)
  }
}
