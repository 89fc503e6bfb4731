import Foundation
import Testing

/// The samples' screens place their parts with the layout layer (`Layout`, `RowStack`,
/// text drawn in a rectangle), never by adding to a rectangle's row or column: this
/// counts what is left, so it stays at none.
@Suite("No row or column arithmetic in the samples")
struct LayoutArithmeticTests {
  /// Expressions such as `area.row + 1` or `rect.column - 2` left in Apps/. One that
  /// must stay says why in a comment on its line starting `// arithmetic:`, and is
  /// counted here.
  static let allowed = 0

  static let apps = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Apps")

  /// Where `source` adds to or subtracts from a `.row` or `.column`, by line number;
  /// doc comments and lines excused by an `// arithmetic:` comment left out.
  static func arithmetic(in source: String) -> (found: [Int], excused: [Int]) {
    var found: [Int] = []
    var excused: [Int] = []
    let pattern = /\.(row|column)\s*[-+]/
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let code = line.trimmingCharacters(in: .whitespaces)
      guard !code.hasPrefix("///"), !code.hasPrefix("//") else { continue }
      let hits = line.matches(of: pattern).count
      guard hits > 0 else { continue }
      let lines = Array(repeating: index + 1, count: hits)
      if line.contains("// arithmetic:") { excused += lines } else { found += lines }
    }
    return (found, excused)
  }

  @Test("the counter finds additions and subtractions on rows and columns, and excuses")
  func counter() {
    let source = """
      frame.draw(x, row: area.row + 1, column: area.column+2)
      /// frame.draw(x, row: area.row + 1)
      let top = rect.row - 1  // arithmetic: the border above the box
      let plain = area.rows + area.columnCount
      """
    let result = Self.arithmetic(in: source)
    #expect(result.found == [1, 1])
    #expect(result.excused == [3])
  }

  @Test("Apps/ places screen parts by layout: no arithmetic on rows and columns")
  func none() throws {
    let files = try #require(
      FileManager.default.enumerator(at: Self.apps, includingPropertiesForKeys: nil))
    var found: [String] = []
    var excused = 0
    var scanned = 0
    for case let file as URL in files where file.pathExtension == "swift" {
      let result = Self.arithmetic(in: try String(contentsOf: file, encoding: .utf8))
      found += result.found.map { "\(file.path):\($0)" }
      excused += result.excused.count
      scanned += 1
    }
    #expect(scanned > 20, "Apps/ not found at \(Self.apps.path)")
    #expect(found.isEmpty, "row or column arithmetic (use Layout or RowStack): \(found)")
    #expect(excused <= Self.allowed, "\(excused) excused; \(Self.allowed) allowed")
  }
}
