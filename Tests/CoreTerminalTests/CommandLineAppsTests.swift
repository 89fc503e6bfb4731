import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The habits every app shares through the runner, checked on the three built apps
/// as a user meets them.
@Suite("Command-line habits of todo, feed and settings, run as built executables")
struct CommandLineAppsTests {
  static let apps = ["todo", "feed", "settings"]
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory(prefix: "cli-habits") }

  private func run(
    _ app: String, _ arguments: [String], input: Data = Data(), extra: [String: String] = [:]
  ) async throws -> ProductResult {
    let environment = home.isolatedEnvironment(extra)
    return try await offThePool {
      try BuiltProduct(app).run(arguments, environment: environment, input: input)
    }
  }

  private func writeSharedSettings(_ text: String) throws {
    let folder = home.appending("config/blueprint")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: folder.appendingPathComponent("settings.json"))
  }

  // MARK: - The interactive UI

  @Test(
    "global options alone still open the interactive UI on a terminal",
    .timeLimit(.minutes(3)),
    arguments: apps, [[], ["--color", "never"], ["--color=always"]])
  func globalOptionsKeepTheUI(app: String, arguments: [String]) async throws {
    let environment = home.isolatedEnvironment(["TERM": "xterm"])
    try await offThePool {
      let session = try PseudoTerminalSession(
        BuiltProduct(app).url.path, arguments, environment: environment)
      try session.waitForOutput(TerminalControl.enterSequence)
    }
  }

  @Test("a command on a terminal prints and exits without the UI", .timeLimit(.minutes(5)))
  func commandSkipsTheUI() async throws {
    let environment = home.isolatedEnvironment(["TERM": "xterm"])
    for (app, arguments) in [("todo", ["list"]), ("feed", ["list"]), ("settings", ["list"])] {
      let (status, output) = try await offThePool {
        let session = try PseudoTerminalSession(
          BuiltProduct(app).url.path, arguments + ["--color", "never"], environment: environment)
        return (try session.waitForExit().exitCode, session.outputText)
      }
      #expect(status == 0)
      #expect(!output.contains(TerminalControl.enterSequence), "\(app)")
    }
  }

  // MARK: - Echoed input

  @Test("control characters in an argument are shown escaped", arguments: apps)
  func escapedEcho(app: String) async throws {
    let result = try await run(app, ["add\u{01}"])
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(#"\#(app): error: unknown command 'add\x01'"#), "\(result.error)")
  }

  @Test("a 120 KB argument is cut in the echo", arguments: apps)
  func longEcho(app: String) async throws {
    let result = try await run(app, [String(repeating: "a", count: 120_000)])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("\(app): error: unknown command 'aaa"))
    #expect(result.error.contains("…'"))
    #expect(result.error.utf8.count < 400, "\(result.error.utf8.count) bytes")
  }

  @Test("an abbreviated option suggests the full one")
  func optionSuggestion() async throws {
    let result = try await run("todo", ["add", "milk", "--prio", "high"])
    #expect(result.status == 64)
    #expect(result.error.contains("hint: did you mean '--priority'?"), "\(result.error)")
  }

  // MARK: - The shared settings

  @Test("a wrong value in the shared settings names the key, the value and the fix")
  func wrongSettingsValue() async throws {
    try writeSharedSettings(#"{"appearance": "dim", "theme.density": "compact"}"#)
    for app in ["todo", "feed"] {
      let result = try await run(app, ["list"])
      #expect(result.status == 0, "\(app): \(result.error)")
      let path = home.appending("config/blueprint/settings.json").path
      #expect(
        result.error == """
          \(app): warning: \(path): 'appearance' has the invalid value "dim" \
          (expected one of light, dark, system); using its default
          hint: run 'settings reset appearance', or 'settings set appearance VALUE'

          """)
      #expect(!result.error.contains("corrupt"))
    }
  }

  @Test(
    "a shared settings file that is not JSON says where, in words", arguments: ["todo", "feed"])
  func corruptSettingsWarning(app: String) async throws {
    try writeSharedSettings("{\n  \"appearance\": \"dark\",\n  oops\n}\n")
    let result = try await run(app, ["list"])
    #expect(result.status == 0)
    #expect(
      result.error.contains("is corrupt: not valid JSON at line 3, column 3"), "\(result.error)")
    #expect(result.error.contains("hint: fix it with 'settings edit'"))
    #expect(!result.error.contains("Domain="))
  }

  // MARK: - Errors in plain words

  @Test("a corrupt store is named, with what is wrong and the next step; no Foundation dump")
  func corruptStores() async throws {
    let todo = home.appending("data/blueprint/todo/todos.json")
    try FileManager.default.createDirectory(
      at: todo.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"version\": 1, \"todos\": [1,".utf8).write(to: todo)
    let result = try await run("todo", ["list"])
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("todo: error: \(todo.path) is corrupt: "), "\(result.error)")
    #expect(result.error.contains("it was left untouched"))
    #expect(result.error.contains("\nhint: "))
    #expect(!result.error.contains("Domain="))
    #expect(try Data(contentsOf: todo) == Data("{\"version\": 1, \"todos\": [1,".utf8))
  }

  // MARK: - One input reader

  static let imports: [(app: String, content: String)] = [
    ("todo", #"[{"title": "piped"}]"#),
    (
      "feed",
      #"<opml version="2.0"><body><outline xmlUrl="https://example.com/feed.xml"/></body></opml>"#
    ),
    ("settings", #"{"appearance": "dark"}"#),
  ]

  @Test("import reads a process substitution, a pipe on stdin and a file", arguments: imports)
  func importSources(app: String, content: String) async throws {
    let file = home.appending("input.txt")
    try Data(content.utf8).write(to: file)
    let binary = try BuiltProduct(app).url.path
    for command in [
      "'\(binary)' import <(cat '\(file.path)')",
      "cat '\(file.path)' | '\(binary)' import -",
      "'\(binary)' import '\(file.path)'",
    ] {
      let result = try await shell(command)
      #expect(result.status == 0, "\(command): \(result.error)")
      #expect(result.error.isEmpty, "\(command): \(result.error)")
    }
  }

  @Test(
    "import of a missing file or a folder exits 66 naming it; an endless input is cut off",
    arguments: apps)
  func importFailures(app: String) async throws {
    let missing = try await run(app, ["import", home.appending("nope.json").path])
    #expect(missing.status == 66)
    #expect(
      missing.error.hasPrefix(
        "\(app): error: cannot read \(home.appending("nope.json").path): no such file"))
    let folder = try await run(app, ["import", home.path])
    #expect(folder.status == 66)
    #expect(
      folder.error.hasPrefix("\(app): error: cannot read \(home.path): it is a folder, not a file"))
    let endless = try await run(app, ["import", "/dev/zero"])
    #expect(endless.status == 65)
    #expect(endless.error.hasPrefix("\(app): error: /dev/zero is too large"))
  }

  /// Runs `command` with bash (for process substitution) in the isolated environment.
  private func shell(_ command: String) async throws -> (status: Int32, error: String) {
    let environment = home.isolatedEnvironment()
    return try await offThePool { try Self.runShell(command, environment: environment) }
  }

  private static func runShell(_ command: String, environment: [String: String]) throws -> (
    status: Int32, error: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Small outputs: reading one pipe to its end cannot block the other.
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    _ = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errorData, as: UTF8.self))
  }
}

/// Runs blocking work (a child process, a pseudo-terminal) on a dispatch thread, so
/// that waiting for it never holds one of the few threads async tests run on.
private func offThePool<Result: Sendable>(
  _ body: @escaping @Sendable () throws -> Result
) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Swift.Result { try body() }) }
  }
}
