import CoreTesting
import Foundation
import Testing

/// Every command example of README.md and Docs/Apps/*.md runs as typed in an
/// interactive bash — history expansion on, so an unquoted `!low` fails as it does for
/// a reader — against the built apps, in a temporary home, one home per code block
/// (the block's commands in order). Blocks that need a server, the network or a
/// terminal are marked `<!-- doc-test: skip REASON -->` (see ``DocExamples``).
@Suite("The docs' command examples run as typed", .timeLimit(.minutes(10)))
struct DocCommandTests {
  @Test(
    "each command of the document exits as the doc says", arguments: DocExamples.commandDocuments)
  func commandsRun(document: String) throws {
    var ran = 0
    for block in try DocExamples.blocks(of: document) {
      let commands = block.commands
      guard !commands.isEmpty, block.skipReason == nil else { continue }
      let home = try TemporaryDirectory(prefix: "doc-commands")
      defer { home.remove() }
      for command in commands {
        let result = try Self.run(command, in: home)
        #expect(
          result.status == block.expectedStatus,
          "\(block.location): `\(command)` exited \(result.status): \(result.error)")
        ran += 1
      }
    }
    // A document without commands (or all of them skipped) is fine; say so in the log.
    if ran == 0 { print("\(document): no command example to run") }
  }

  @Test("no command example, run or skipped, holds a `!word` that bash would expand")
  func noHistoryExpansion() throws {
    for document in DocExamples.commandDocuments {
      for block in try DocExamples.blocks(of: document) {
        for command in block.commands {
          #expect(
            Self.historyExpansion(in: command) == nil,
            "\(block.location): `\(command)`: an interactive bash expands '\(Self.historyExpansion(in: command) ?? "")' (event not found); quote it: '!low'"
          )
        }
      }
    }
  }

  @Test("a block of app commands says its language, so that it is run")
  func blocksHaveALanguage() throws {
    for document in DocExamples.commandDocuments {
      for block in try DocExamples.blocks(of: document) where block.language.isEmpty {
        let runsAnApp = block.lines.contains {
          DocExamples.apps.contains(String($0.prefix { $0 != " " }))
        }
        #expect(!runsAnApp, "\(block.location): a block of commands without ```sh")
      }
    }
  }

  @Test(
    "the checks see what they should",
    arguments: [
      ("swift run todo add Call mom !low", "!low"),
      ("todo add \"Call mom !low\"", "!low"),
      ("todo add Call mom '!low'", nil),
      ("todo add Call mom \\!low", nil),
      ("todo list ! done", nil),
    ])
  func historyExpansionIsFound(command: String, found: String?) {
    #expect(Self.historyExpansion(in: command) == found)
  }

  @Test("an unquoted !word fails in the shell the examples run in")
  func historyExpansionFailsForReal() throws {
    let home = try TemporaryDirectory(prefix: "doc-commands")
    defer { home.remove() }
    let result = try Self.run("todo add Call mom !low", in: home)
    #expect(result.status != 0)
    #expect(result.error.contains("event not found"))
    #expect(try Self.run("todo add Call mom '!low'", in: home).status == 0)
  }

  @Test("blocks, their markers and their commands are read as written")
  func parsing() {
    let text = """
      Intro.

      <!-- doc-test: skip needs a server -->
      ```console
      $ todo sync setup URL \\
          --list Chores
      syncing with Chores
      ```

        <!-- doc-test: exit 64 -->
        ```sh
        swift run todo add   # a comment
        feed
        swift build
        ```
      """
    let blocks = DocExamples.blocks(in: text, document: "x.md")
    #expect(blocks.count == 2)
    #expect(blocks[0].skipReason == "needs a server")
    #expect(blocks[0].commands == ["todo sync setup URL \\\n    --list Chores"])
    #expect(blocks[1].expectedStatus == 64)
    #expect(blocks[1].skipReason == nil)
    #expect(blocks[1].commands == ["todo add   # a comment", "feed"])
    #expect(blocks[1].location == "x.md:11")
  }

  /// Runs `command` as a script with bash's history expansion on (as in an interactive
  /// shell), the built apps first on `PATH`, in `home` (the working folder too), with
  /// standard input empty. `EDITOR` is `true`, so `settings edit` saves what it had.
  static func run(_ command: String, in home: TemporaryDirectory) throws -> (
    status: Int32, error: String
  ) {
    // A line that history expansion refuses is not run, and leaves $? as it was: 213.
    let script = home.appending("command.sh")
    try Data("set -o history -H\n(exit 213)\n\(command)\nexit $?\n".utf8).write(to: script)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--norc", "--noprofile", script.path]
    process.currentDirectoryURL = home.url
    process.environment = home.isolatedEnvironment([
      "PATH": BuiltProduct.productsFolder.path + ":/usr/bin:/bin",
      "EDITOR": "true", "VISUAL": "true", "TZ": "UTC",
    ])
    let error = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errorData, as: UTF8.self))
  }

  /// The first `!word` an interactive bash would take for a history reference: a `!`
  /// outside single quotes, not escaped, followed by neither a blank, `=` nor `(`.
  static func historyExpansion(in command: String) -> String? {
    var single = false
    var double = false
    var escaped = false
    let characters = Array(command)
    for (index, character) in characters.enumerated() {
      if escaped {
        escaped = false
        continue
      }
      switch character {
      case "\\" where !single: escaped = true
      case "'" where !double: single.toggle()
      case "\"" where !single: double.toggle()
      case "!" where !single:
        let next = characters.dropFirst(index + 1).first
        if let next, !" \t\n=(\"".contains(next) {
          return String(characters[index...].prefix { !" \t\n'\"".contains($0) })
        }
      default: break
      }
    }
    return nil
  }
}
