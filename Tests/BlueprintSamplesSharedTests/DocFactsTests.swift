import Foundation
import Testing

/// The facts the docs state about the tree hold: a path in backticks (`Apps/Feed/Model`)
/// exists, a Swift file named (`TodoItem+Sync.swift`) exists somewhere, a relative link
/// leads to a file, and a table marked `<!-- doc-test: files FOLDER -->` lists exactly
/// the Swift files of FOLDER — no file missing, no row for a file that is gone.
@Suite("The docs name what the tree holds")
struct DocFactsTests {
  /// README.md and every Markdown file under Docs.
  static var documents: [String] {
    let docs = DocExamples.root.appendingPathComponent("Docs")
    let found =
      FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
    return ["README.md"] + found.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
  }

  /// The Swift files under `folder` (relative to the root), relative to `folder`.
  static func swiftFiles(under folder: String) -> Set<String> {
    let url = DocExamples.root.appendingPathComponent(folder)
    let found = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String }
    return Set((found ?? []).filter { $0.hasSuffix(".swift") })
  }

  /// Every Swift file's name, from the folders that hold code.
  static let swiftFileNames: Set<String> = {
    var names: Set<String> = ["Package.swift"]
    for folder in ["Apps", "Core", "Tests"] {
      for file in swiftFiles(under: folder) { names.insert((file as NSString).lastPathComponent) }
    }
    return names
  }()

  /// A document's text outside its fenced code blocks, by line.
  static func prose(of document: String) throws -> [(line: Int, text: String)] {
    let text = try String(
      contentsOf: DocExamples.root.appendingPathComponent(document), encoding: .utf8)
    var inBlock = false
    var result: [(Int, String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inBlock.toggle()
        continue
      }
      if !inBlock { result.append((index + 1, String(line))) }
    }
    return result
  }

  /// The spans in backticks of `line`.
  static func codeSpans(in line: String) -> [String] {
    let parts = line.split(separator: "`", omittingEmptySubsequences: false)
    return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
  }

  /// What a stale fact in `line` is, if any.
  static func staleFacts(in line: String, document: String) -> [String] {
    var stale: [String] = []
    let root = DocExamples.root
    for span in codeSpans(in: line) {
      // Placeholders and commands are not names: `Apps/<App>/`, `Tests/*`, `a b`.
      if span.contains(where: { " <>*…{}|$".contains($0) }) { continue }
      let path = String(span.prefix { $0 != "#" && $0 != ":" })
      let prefixes = ["Apps/", "Core/", "Tests/", "Docs/", ".ci/", ".github/"]
      if prefixes.contains(where: path.hasPrefix) {
        if !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
          stale.append("`\(span)` does not exist")
        }
      } else if path.hasSuffix(".swift") {
        let name = (path as NSString).lastPathComponent
        if !swiftFileNames.contains(name) { stale.append("no file is named `\(name)`") }
      }
    }
    // Relative links: [text](Docs/Sync.md#anchor), [text](../Benchmarks.md).
    var rest = Substring(line)
    while let open = rest.range(of: "](") {
      rest = rest[open.upperBound...]
      let target = String(rest.prefix { $0 != ")" && $0 != " " })
      let file = String(target.prefix { $0 != "#" })
      if file.isEmpty || file.contains("://") || file.hasPrefix("mailto:") { continue }
      let base = root.appendingPathComponent(document).deletingLastPathComponent()
      if !FileManager.default.fileExists(atPath: base.appendingPathComponent(file).path) {
        stale.append("the link `\(target)` leads nowhere")
      }
    }
    return stale
  }

  @Test("the README's build times each say the load they were measured under")
  func buildTimesNameTheLoad() throws {
    let text = try String(
      contentsOf: DocExamples.root.appendingPathComponent("README.md"), encoding: .utf8)
    let rows = text.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("| `swift build")
    }
    // A figure for each build, idle and on a machine shared with other builds.
    #expect(rows.count == 2, "\(rows)")
    #expect(text.contains("| From scratch | Idle machine | Shared with three other builds |"))
    for row in rows {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(cells.count == 3, "\(row)")
      #expect(cells.dropFirst().allSatisfy { $0.contains("second") || $0.contains("minute") })
    }
    #expect(!text.contains("took 40 seconds"), "a figure without its load")
  }

  @Test("every path, Swift file and relative link the docs name exists")
  func namesExist() throws {
    for document in Self.documents {
      for (line, text) in try Self.prose(of: document) {
        for fact in Self.staleFacts(in: text, document: document) {
          Issue.record("\(document):\(line): \(fact)")
        }
      }
    }
  }

  @Test("a table marked as the files of a folder lists exactly that folder's Swift files")
  func fileTables() throws {
    var tables = 0
    for document in Self.documents {
      let lines = try Self.prose(of: document)
      for (index, (line, text)) in lines.enumerated() {
        guard let marker = DocExamples.marker(in: text), marker.hasPrefix("files ") else {
          continue
        }
        let folder = String(marker.dropFirst("files ".count))
        let named = Self.firstColumn(of: lines[(index + 1)...].map(\.text)).map {
          $0.hasPrefix(folder + "/") ? String($0.dropFirst(folder.count + 1)) : $0
        }
        // A row for a subfolder (`Apps/Feed/Model/`) stands for every file in it.
        let subfolders = named.filter { $0.hasSuffix("/") }
        let listed = Set(named.filter { $0.hasSuffix(".swift") })
        let files = Self.swiftFiles(under: folder).filter { file in
          !subfolders.contains { file.hasPrefix($0) }
        }
        for file in files.subtracting(listed).sorted() {
          Issue.record("\(document):\(line): \(folder)/\(file) has no row in the table")
        }
        for file in listed.subtracting(files).sorted() {
          Issue.record("\(document):\(line): the table lists \(file), not in \(folder)")
        }
        tables += 1
      }
    }
    #expect(tables > 0, "no table is marked <!-- doc-test: files FOLDER -->")
  }

  /// The names in backticks of the first column of the table that starts at `lines`.
  static func firstColumn(of lines: [String]) -> [String] {
    var names: [String] = []
    for line in lines.drop(while: { !$0.hasPrefix("|") }) {
      guard line.hasPrefix("|") else { break }
      let cell = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().first
      if let cell { names += codeSpans(in: String(cell)) }
    }
    return names
  }

  @Test("the add-a-field exercise's lines are the lines .ci/add-a-field writes")
  func addAFieldLines() throws {
    let script = try String(
      contentsOf: DocExamples.root.appendingPathComponent(".ci/add-a-field"), encoding: .utf8)
    var checked = 0
    for block in try DocExamples.blocks(of: "Docs/StartFromSample.md")
    where block.skipReason?.contains(".ci/add-a-field") == true {
      for line in block.lines {
        let code = line.trimmingCharacters(in: .whitespaces)
        if code.isEmpty { continue }
        let written = script.contains(code)
        #expect(
          written,
          "\(block.location): `\(code)` is not what .ci/add-a-field writes")
        checked += 1
      }
    }
    #expect(checked > 0, "no block of Docs/StartFromSample.md is marked as .ci/add-a-field's")
  }

  @Test("a stale name, a broken link and a table that misses a file are caught")
  func catchesDrift() {
    #expect(
      Self.staleFacts(in: "copy `Apps/Feed/Kit` and `Formats.swift`", document: "README.md")
        == ["`Apps/Feed/Kit` does not exist", "no file is named `Formats.swift`"])
    #expect(
      Self.staleFacts(in: "see [Sync](Docs/Synch.md#x)", document: "README.md")
        == ["the link `Docs/Synch.md#x` leads nowhere"])
    #expect(Self.staleFacts(in: "see [Sync](../Sync.md#x)", document: "Docs/Apps/Todo.md").isEmpty)
    #expect(
      Self.staleFacts(in: "`Apps/<App>/Model/` and `TodoItem+Sync.swift`", document: "").isEmpty)
    let table = [
      "| File | What |", "|---|---|", "| `a.swift` | x |", "| `b/c.swift` | y |", "", "|x|",
    ]
    #expect(Self.firstColumn(of: table) == ["a.swift", "b/c.swift"])
    let twoInARow = ["| `a.swift`, `b.swift` (`B`) | x |"]
    #expect(Self.firstColumn(of: twoInARow) == ["a.swift", "b.swift", "B"])
  }
}
