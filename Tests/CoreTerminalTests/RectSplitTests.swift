import CoreBase
import CoreTerminal
import Testing

@Suite("Rect.rows and Rect.columns: a split into named areas")
struct RectSplitTests {
  static let area = Rect(row: 2, column: 3, width: 20, height: 12)

  @Test("rows: a header, the content and a footer, top to bottom, full width")
  func threeRows() {
    let (header, content, footer) = Self.area.rows(.fixed(1), .fill(), .fixed(2))
    #expect(header == Rect(row: 2, column: 3, width: 20, height: 1))
    #expect(content == Rect(row: 3, column: 3, width: 20, height: 9))
    #expect(footer == Rect(row: 12, column: 3, width: 20, height: 2))
  }

  @Test("columns with spacing: a label and its field, the gap between them")
  func twoColumnsWithSpacing() {
    let (label, field) = Self.area.line(0).columns(.fixed(6), .minimum(2), spacing: 1)
    #expect(label == Rect(row: 2, column: 3, width: 6, height: 1))
    #expect(field == Rect(row: 2, column: 10, width: 13, height: 1))
  }

  @Test("every count gives the areas a layout of the same constraints gives, in order")
  func sameAsLayout() {
    // Five kinds of constraint, each area placed differently, so that a swap would show.
    let (a, b, c, d, e) = (
      LayoutConstraint.fixed(2), LayoutConstraint.ratio(1, 3), LayoutConstraint.fill(),
      LayoutConstraint.maximum(3), LayoutConstraint.minimum(1)
    )
    for spacing in 0...2 {
      let rows = Layout.rows(a, b, c, d, e, spacing: spacing).split(Self.area)
      let columns = Layout.columns(a, b, c, d, e, spacing: spacing).split(Self.area)
      #expect(
        flat(Self.area.rows(a, b, spacing: spacing))
          == Layout.rows(a, b, spacing: spacing).split(Self.area))
      #expect(
        flat(Self.area.rows(a, b, c, spacing: spacing))
          == Layout.rows(a, b, c, spacing: spacing).split(Self.area))
      #expect(
        flat(Self.area.rows(a, b, c, d, spacing: spacing))
          == Layout.rows(a, b, c, d, spacing: spacing).split(Self.area))
      #expect(flat(Self.area.rows(a, b, c, d, e, spacing: spacing)) == rows)
      #expect(
        flat(Self.area.columns(a, b, spacing: spacing))
          == Layout.columns(a, b, spacing: spacing).split(Self.area))
      #expect(
        flat(Self.area.columns(a, b, c, spacing: spacing))
          == Layout.columns(a, b, c, spacing: spacing).split(Self.area))
      #expect(
        flat(Self.area.columns(a, b, c, d, spacing: spacing))
          == Layout.columns(a, b, c, d, spacing: spacing).split(Self.area))
      #expect(flat(Self.area.columns(a, b, c, d, e, spacing: spacing)) == columns)
    }
  }

  @Test("no room: the areas are empty at the far edge, the leading fixed row kept last")
  func noRoom() {
    let line = Rect(row: 4, column: 1, width: 9, height: 1)
    let (header, content, footer) = line.rows(.fixed(1), .fill(), .fixed(1))
    #expect(header == line)
    #expect(content == Rect(row: 5, column: 1, width: 9, height: 0))
    #expect(footer == Rect(row: 5, column: 1, width: 9, height: 0))
    let (left, right) = Rect(row: 0, column: 0, width: 0, height: 3).columns(.fixed(2), .fill())
    #expect(left.width == 0 && right.width == 0)
  }

  private func flat(_ areas: (Rect, Rect)) -> [Rect] { [areas.0, areas.1] }
  private func flat(_ areas: (Rect, Rect, Rect)) -> [Rect] { [areas.0, areas.1, areas.2] }
  private func flat(_ areas: (Rect, Rect, Rect, Rect)) -> [Rect] {
    [areas.0, areas.1, areas.2, areas.3]
  }
  private func flat(_ areas: (Rect, Rect, Rect, Rect, Rect)) -> [Rect] {
    [areas.0, areas.1, areas.2, areas.3, areas.4]
  }
}
