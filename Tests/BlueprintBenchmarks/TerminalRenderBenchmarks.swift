import Core
import CoreTerminal

/// Rows for terminal rendering: a list frame whose cost must not grow with the item
/// count, and a full repaint of a large screen.
enum TerminalRenderBenchmarks {
  static let suite = BenchmarkSuite(name: "terminal-render") {
    let size = TerminalSize(columns: 100, rows: 30)
    let small = (0..<100).map { "Item \($0) — a row with some text" }
    let large = (0..<100_000).map { "Item \($0) — a row with some text" }
    let big = TerminalSize(columns: 200, rows: 60)
    var filled = Frame(size: big)
    for row in 0..<big.rows {
      filled.draw(
        String(repeating: "Row \(row) 日本 text ", count: 12), row: row, column: 0,
        style: row % 2 == 0 ? .plain : .selected)
    }
    let full = filled
    return [
      BenchmarkRow(
        "terminal-render/list-frame/100k-vs-100", iterations: 2_000, goal: 1.5,
        ours: { consume(renderList(large, size: size)) },
        baselineName: "same frame, 100 items", baseline: { consume(renderList(small, size: size)) }),
      BenchmarkRow(
        "terminal-render/full-frame-200x60", iterations: 200,
        ours: {
          var renderer = FrameRenderer(capability: .trueColor)
          consume(renderer.render(full).count)
        }),
    ]
  }

  static func renderList(_ items: [String], size: TerminalSize) -> Int {
    var list = ListView()
    list.select(items.count / 2, count: items.count)
    var frame = Frame(size: size)
    list.render(into: &frame, area: frame.bounds, count: items.count) { ListRow(items[$0]) }
    var renderer = FrameRenderer(capability: .ansi256)
    return renderer.render(frame).count
  }
}
