import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures

/// The command-line habits every app gets from the runner, checked on the built
/// app as a user meets them. (Each sample's tests hold their own copy of these, so
/// a test target runs only the executable it depends on.)
@Suite("Command-line habits of todo, run as the built executable")
struct CommandLineHabitsTests {
  static let app = appIdentity.name
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory(prefix: "\(appIdentity.name)-habits") }

  private func run(_ arguments: [String]) async throws -> ProductResult {
    let environment = home.isolatedEnvironment()
    return try await offThePool {
      try BuiltProduct(Self.app).run(arguments, environment: environment, input: Data())
    }
  }

  // MARK: - The interactive UI

  @Test(
    "global options alone still open the interactive UI on a terminal",
    .timeLimit(.minutes(3)), arguments: [[], ["--color", "never"], ["--color=always"]])
  func globalOptionsKeepTheUI(arguments: [String]) async throws {
    let environment = home.isolatedEnvironment(["TERM": "xterm"])
    try await offThePool {
      let session = try PseudoTerminalSession(
        BuiltProduct(Self.app).url.path, arguments, environment: environment)
      try session.waitForOutput(TerminalControl.enterSequence)
    }
  }

  @Test("a command on a terminal prints and exits without the UI", .timeLimit(.minutes(3)))
  func commandSkipsTheUI() async throws {
    let environment = home.isolatedEnvironment(["TERM": "xterm"])
    let (status, output) = try await offThePool {
      let session = try PseudoTerminalSession(
        BuiltProduct(Self.app).url.path, ["list", "--color", "never"], environment: environment)
      return (try session.waitForExit().exitCode, session.outputText)
    }
    #expect(status == 0)
    #expect(!output.contains(TerminalControl.enterSequence))
  }

  // MARK: - Echoed input

  @Test("control characters in an argument are shown escaped")
  func escapedEcho() async throws {
    let result = try await run(["add\u{01}"])
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(#"\#(Self.app): error: unknown command 'add\x01'"#), "\(result.error)")
  }

  @Test("a 120 KB argument is cut in the echo")
  func longEcho() async throws {
    let result = try await run([String(repeating: "a", count: 120_000)])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("\(Self.app): error: unknown command 'aaa"))
    #expect(result.error.contains("…'"))
    #expect(result.error.utf8.count < 400, "\(result.error.utf8.count) bytes")
  }

  // MARK: - One input reader

  @Test("import reads a process substitution, a pipe on stdin and a file")
  func importSources() async throws {
    let file = home.appending("input.txt")
    try Data(#"[{"title": "piped"}]"#.utf8).write(to: file)
    let binary = try BuiltProduct(Self.app).url.path
    let environment = home.isolatedEnvironment()
    for command in [
      "'\(binary)' import <(cat '\(file.path)')",
      "cat '\(file.path)' | '\(binary)' import -",
      "'\(binary)' import '\(file.path)'",
    ] {
      let result = try await offThePool { try runShell(command, environment: environment) }
      #expect(result.status == 0, "\(command): \(result.error)")
      #expect(result.error.isEmpty, "\(command): \(result.error)")
    }
  }

  @Test("import of a missing file or a folder exits 66 naming it; an endless input is cut off")
  func importFailures() async throws {
    let missing = try await run(["import", home.appending("nope.json").path])
    #expect(missing.status == 66)
    #expect(
      missing.error.hasPrefix(
        "\(Self.app): error: cannot read \(home.appending("nope.json").path): no such file"))
    let folder = try await run(["import", home.path])
    #expect(folder.status == 66)
    #expect(
      folder.error.hasPrefix(
        "\(Self.app): error: cannot read \(home.path): it is a folder, not a file"))
    let endless = try await run(["import", "/dev/zero"])
    #expect(endless.status == 65)
    #expect(endless.error.hasPrefix("\(Self.app): error: /dev/zero is too large"))
  }

  // MARK: - todo's own

  @Test("an abbreviated option suggests the full one")
  func optionSuggestion() async throws {
    let result = try await run(["add", "milk", "--prio", "high"])
    #expect(result.status == 64)
    #expect(result.error.contains("hint: did you mean '--priority'?"), "\(result.error)")
  }

  @Test("a corrupt store is named, with what is wrong and the next step; no Foundation dump")
  func corruptStore() async throws {
    let todo = home.appending("data/\(appIdentity.family)/\(appIdentity.name)/todos.json")
    try FileManager.default.createDirectory(
      at: todo.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"version\": 1, \"todos\": [1,".utf8).write(to: todo)
    let result = try await run(["list"])
    #expect(result.status == 65)
    #expect(
      result.error.hasPrefix("\(Self.app): error: \(todo.path) is corrupt: "), "\(result.error)")
    #expect(result.error.contains("it was left untouched"))
    #expect(result.error.contains("\nhint: "))
    #expect(!result.error.contains("Domain="))
    #expect(try Data(contentsOf: todo) == Data("{\"version\": 1, \"todos\": [1,".utf8))
  }
}
