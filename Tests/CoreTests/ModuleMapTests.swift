import Foundation
import Testing

/// The README's module map and Docs/Architecture.md's target table say what
/// Package.swift says: every target, the one folder that holds its sources, and what
/// it depends on. A target added, moved or given another dependency without both
/// tables following fails here.
@Suite("The module map and the target table are Package.swift's")
struct ModuleMapTests {
  /// A target as a manifest or a table names it.
  struct Entry: Hashable, CustomStringConvertible {
    var name: String
    var path: String
    var dependencies: Set<String>

    var description: String {
      "\(name) in \(path) on [\(dependencies.sorted().joined(separator: ", "))]"
    }
  }

  /// The package's root: this file is Tests/CoreTests/ModuleMapTests.swift.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func text(of file: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
  }

  /// The targets a manifest declares, read from its text: each `.target(`,
  /// `.executableTarget(` or `.testTarget(` with its `name:`, its `path:` and the names in
  /// its `dependencies:` (a `.target(name:condition:)` among them counts by its name).
  static func targets(inManifest manifest: String) -> [Entry] {
    declarations(inManifest: manifest).map { body in
      let name = firstQuoted(after: "name:", in: body) ?? "a target with no name"
      // Without `path:`, SwiftPM's default folder.
      let path =
        firstQuoted(after: "path:", in: body)
        ?? (body.hasPrefix(".testTarget(") ? "Tests/\(name)" : "Sources/\(name)")
      return Entry(name: name, path: path, dependencies: names(inList: "dependencies:", of: body))
    }
  }

  /// The text of each target declaration of a manifest, comments left out.
  static func declarations(inManifest manifest: String) -> [String] {
    let code = manifest.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
    }.joined(separator: "\n")
    let characters = Array(code)
    var declarations: [String] = []
    var index = 0
    let openers = [".target(", ".executableTarget(", ".testTarget("].map(Array.init)
    while index < characters.count {
      guard
        let opener = openers.first(where: {
          characters[index...].starts(with: $0)
        })
      else {
        index += 1
        continue
      }
      // The declaration runs to the parenthesis that closes the opener's.
      var end = index + opener.count
      var depth = 1
      while end < characters.count, depth > 0 {
        if characters[end] == "(" { depth += 1 }
        if characters[end] == ")" { depth -= 1 }
        end += 1
      }
      declarations.append(String(characters[index..<end]))
      index = end
    }
    return declarations
  }

  /// The string literal that follows `label` in `text`.
  static func firstQuoted(after label: String, in text: String) -> String? {
    guard let labelRange = text.range(of: label) else { return nil }
    let rest = text[labelRange.upperBound...]
    guard let open = rest.firstIndex(of: "\"") else { return nil }
    let afterOpen = rest[rest.index(after: open)...]
    guard let close = afterOpen.firstIndex(of: "\"") else { return nil }
    return String(afterOpen[..<close])
  }

  /// The quoted names of a declaration's list `label [...]` (`dependencies:`, `exclude:`).
  static func names(inList label: String, of body: String) -> Set<String> {
    guard let label = body.range(of: label),
      let open = body[label.upperBound...].firstIndex(of: "[")
    else { return [] }
    var depth = 0
    var end = open
    for index in body[open...].indices {
      if body[index] == "[" { depth += 1 }
      if body[index] == "]" { depth -= 1 }
      if depth == 0 {
        end = index
        break
      }
    }
    let list = String(body[open...end])
    return Set(
      list.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) })
  }

  /// The rows of the table headed `| Target (product) | Folder | Depends on |` in the
  /// section `heading` of a Markdown text: the first name in backticks of the first
  /// column, the folder (without a trailing `/`), the names in backticks of the third.
  static func targets(inTableOf heading: String, of markdown: String) -> [Entry]? {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: heading) else { return nil }
    let section = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
    guard
      let header = section.firstIndex(where: {
        $0.hasPrefix("| Target (product) | Folder | Depends on |")
      })
    else { return nil }
    var entries: [Entry] = []
    for line in section[(header + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      guard cells.count > 4, let name = codeSpans(in: cells[1]).first,
        let folder = codeSpans(in: cells[2]).first
      else {
        entries.append(Entry(name: "unreadable row: \(line)", path: "", dependencies: []))
        continue
      }
      let path = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
      entries.append(Entry(name: name, path: path, dependencies: Set(codeSpans(in: cells[3]))))
    }
    return entries
  }

  /// The spans in backticks of `text`.
  static func codeSpans(in text: String) -> [String] {
    let parts = text.split(separator: "`", omittingEmptySubsequences: false)
    return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
  }

  /// What a table gets wrong against the manifest: a target it lacks, a row for no
  /// target (or for a target in another folder or on other dependencies), a target
  /// twice.
  static func disagreements(manifest: [Entry], table: [Entry], named document: String)
    -> [String]
  {
    var problems: [String] = []
    let declared = Set(manifest)
    let rows = Set(table)
    for entry in declared.subtracting(rows).sorted(by: { $0.name < $1.name }) {
      problems.append("\(document) has no row for Package.swift's \(entry)")
    }
    for entry in rows.subtracting(declared).sorted(by: { $0.name < $1.name }) {
      problems.append("\(document)'s row \(entry) is not what Package.swift declares")
    }
    let names = table.map(\.name)
    for name in Set(names) where names.filter({ $0 == name }).count > 1 {
      problems.append("\(document) has more than one row for \(name)")
    }
    return problems
  }

  /// The two tables checked against a manifest's text.
  static func problems(manifest text: String) throws -> [String] {
    let manifest = targets(inManifest: text)
    var problems: [String] = []
    for (document, heading) in [
      ("README.md", "## Module map"), ("Docs/Architecture.md", "## Targets and products"),
    ] {
      guard let table = targets(inTableOf: heading, of: try Self.text(of: document)) else {
        problems.append("\(document): no target table under \(heading)")
        continue
      }
      problems += disagreements(manifest: manifest, table: table, named: document)
    }
    return problems
  }

  @Test("the manifest is read: every target with one folder named for it")
  func manifestIsRead() throws {
    let manifest = Self.targets(inManifest: try Self.text(of: "Package.swift"))
    #expect(manifest.count > 30)
    #expect(
      manifest.contains(
        Entry(
          name: "Core", path: "Core/Core",
          dependencies: [
            "CoreBase", "CoreURLSession", "CoreSync",
          ])))
    // A folder is a module: named for it, holding no other target's folder.
    for entry in manifest {
      #expect(
        (entry.path as NSString).lastPathComponent == entry.name,
        "\(entry.name)'s folder \(entry.path) is not named for it")
      for other in manifest where other.name != entry.name {
        #expect(
          !other.path.hasPrefix(entry.path + "/"),
          "\(entry.name)'s folder \(entry.path) holds \(other.name)'s")
      }
    }
    // What a target leaves out of its folder is data (goldens, fixtures), never sources.
    for body in Self.declarations(inManifest: try Self.text(of: "Package.swift")) {
      guard let path = Self.firstQuoted(after: "path:", in: body) else { continue }
      for excluded in Self.names(inList: "exclude:", of: body) {
        let folder = Self.root.appendingPathComponent(path).appendingPathComponent(excluded)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap {
          $0 as? String
        }
        let sources = (files ?? []).filter { [".swift", ".c", ".h"].contains(where: $0.hasSuffix) }
        #expect(sources.isEmpty, "\(path) excludes \(excluded), which holds sources: \(sources)")
      }
    }
  }

  @Test("README.md's module map and Docs/Architecture.md's table list every target as declared")
  func tablesAgreeWithTheManifest() throws {
    for problem in try Self.problems(manifest: try Self.text(of: "Package.swift")) {
      Issue.record("\(problem)")
    }
  }

  @Test("a row whose folder or dependencies are not the manifest's is caught, in either table")
  func aWrongRowIsCaught() throws {
    let manifest = Self.targets(inManifest: try Self.text(of: "Package.swift"))
    let row = "| `CoreSync` (`CoreSync`) | `Core/CoreSync/` | `CoreBase` |"
    let edits = [
      (
        row.replacingOccurrences(of: "`CoreBase` |", with: "`CoreBase`, `CoreTerminal` |"),
        "CoreTerminal"
      ),
      (row.replacingOccurrences(of: "`Core/CoreSync/`", with: "`Core/Sync/`"), "Core/Sync"),
    ]
    for (document, heading) in [
      ("README.md", "## Module map"), ("Docs/Architecture.md", "## Targets and products"),
    ] {
      let text = try Self.text(of: document)
      #expect(text.contains(row), "\(document) has no row \(row)")
      for (wrong, what) in edits {
        let table = try #require(
          Self.targets(inTableOf: heading, of: text.replacingOccurrences(of: row, with: wrong)))
        let problems = Self.disagreements(manifest: manifest, table: table, named: document)
        #expect(
          problems.contains { $0.contains("row CoreSync") && $0.contains(what) },
          "\(document) with \(wrong): \(problems)")
        #expect(problems.contains { $0.contains("no row for Package.swift's CoreSync") })
      }
    }
  }

  @Test("a target added to the manifest without a row in the tables is caught")
  func anUndocumentedTargetIsCaught() throws {
    let manifest = try Self.text(of: "Package.swift")
    let marker = "  targets: [\n"
    #expect(manifest.contains(marker))
    let added = manifest.replacingOccurrences(
      of: marker,
      with: marker
        + "    .target(name: \"CoreExtra\", dependencies: [\"CoreBase\"], path: \"Core/CoreExtra\"),\n"
    )
    let problems = try Self.problems(manifest: added)
    #expect(problems.filter { $0.contains("no row for Package.swift's CoreExtra") }.count == 2)
  }
}
