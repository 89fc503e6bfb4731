import Foundation

/// The code blocks of the repository's Markdown files, for the tests that hold the docs
/// to what the code does (as rustdoc runs a crate's examples).
///
/// A block may be marked by an HTML comment on the line before its fence — invisible on
/// GitHub:
///
/// - `<!-- doc-test: skip REASON -->`: its commands are not run (they need a server, a
///   terminal or the network, or the block is a synopsis, not commands).
/// - `<!-- doc-test: exit N -->`: every command of it exits N.
struct DocExamples {
  /// The repository's root folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// README.md and every guide of Docs/Apps: the documents whose commands are run.
  static var commandDocuments: [String] {
    let apps =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Docs/Apps").path)) ?? []
    return ["README.md"] + apps.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/Apps/\($0)" }
  }

  /// One fenced code block.
  struct Block {
    /// The document, relative to the root, and the line of the opening fence (from 1).
    var document: String
    var line: Int
    /// The fence's info string (`sh`, `console`, `swift` …), empty when none.
    var language: String
    /// The lines between the fences, without the fence's indentation.
    var lines: [String]
    /// The marker's words after `doc-test:` (`skip …`, `exit 64`), if any.
    var marker: String?

    /// Where it is, for messages.
    var location: String { "\(document):\(line)" }

    /// Why its commands are not run, when it is marked so.
    var skipReason: String? {
      guard let marker, marker.hasPrefix("skip") else { return nil }
      return String(marker.dropFirst(4)).trimmingCharacters(in: .whitespaces)
    }

    /// The exit status every command must have.
    var expectedStatus: Int32 {
      guard let marker, marker.hasPrefix("exit "), let code = Int32(marker.dropFirst(5)) else {
        return 0
      }
      return code
    }

    /// The commands a reader would type: in a `sh`, `bash`, `shell` or `console` block,
    /// the lines that start with `$ ` (the prompt is dropped) and, outside `console`, the
    /// lines that run an app (`posts …`, `todo …`, `feed …`, `settings …`, or `swift run` of one,
    /// which runs here as the built app). A line ending in `\` continues on the next.
    var commands: [String] {
      guard ["sh", "bash", "shell", "console"].contains(language) else { return [] }
      var result: [String] = []
      var index = 0
      while index < lines.count {
        var command: String?
        let line = lines[index]
        if line.hasPrefix("$ ") {
          command = String(line.dropFirst(2))
        } else if language != "console" {
          var text = Substring(line)
          if text.hasPrefix("swift run ") { text = text.dropFirst("swift run ".count) }
          let word = text.prefix { $0 != " " }
          if DocExamples.apps.contains(String(word)) { command = String(text) }
        }
        index += 1
        guard var command else { continue }
        while command.hasSuffix("\\"), index < lines.count {
          command += "\n" + lines[index]
          index += 1
        }
        result.append(command)
      }
      return result
    }
  }

  /// The apps whose command lines the docs show.
  static let apps: Set<String> = ["posts", "todo", "feed", "settings"]

  /// The fenced blocks of `document` (a path relative to the root).
  static func blocks(of document: String) throws -> [Block] {
    let text = try String(
      contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    return blocks(in: text, document: document)
  }

  /// The fenced blocks of Markdown `text`.
  static func blocks(in text: String, document: String) -> [Block] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Block] = []
    var open: (block: Block, indent: Int)?
    var previous = ""
    for (number, line) in lines.enumerated() {
      let indent = line.prefix { $0 == " " }.count
      let trimmed = line.dropFirst(indent)
      if var current = open {
        if trimmed.hasPrefix("```") {
          blocks.append(current.block)
          open = nil
        } else {
          let drop = min(current.indent, line.prefix { $0 == " " }.count)
          current.block.lines.append(String(line.dropFirst(drop)))
          open = current
        }
        continue
      }
      if trimmed.hasPrefix("```") {
        let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
        let block = Block(
          document: document, line: number + 1, language: language, lines: [],
          marker: marker(in: previous))
        open = (block, indent)
      }
      if !line.trimmingCharacters(in: .whitespaces).isEmpty { previous = line }
    }
    return blocks
  }

  /// The words of a `<!-- doc-test: … -->` comment.
  static func marker(in line: String) -> String? {
    let text = line.trimmingCharacters(in: .whitespaces)
    guard text.hasPrefix("<!-- doc-test:"), text.hasSuffix("-->") else { return nil }
    return String(text.dropFirst("<!-- doc-test:".count).dropLast(3))
      .trimmingCharacters(in: .whitespaces)
  }
}
