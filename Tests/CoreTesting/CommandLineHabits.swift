import Core
import CoreTerminal
public import Foundation
public import Testing

/// The command-line habits every app gets from CoreTerminal's runner, checked on the
/// built app as a user meets them: the interactive UI only when it is asked for,
/// arguments echoed safely in errors, one reader for every kind of input.
///
/// Each app's tests call it with their own executable and an input its `import`
/// takes, so a test target runs only the app it depends on:
///
/// ```swift
/// let habits = try CommandLineHabits(app: "todo", importable: Data(#"[{"title":"x"}]"#.utf8))
/// try await habits.checkEscapedEcho()
/// ```
///
/// Every check records its failures at the caller's line.
public struct CommandLineHabits: Sendable {
  /// The executable product's name, which is also the name its errors begin with.
  public let app: String
  /// What `APP import FILE` accepts.
  public let importable: Data
  /// The home (and XDG folders) every run uses.
  public let home: TemporaryDirectory

  /// Prepares a home of its own for `app`.
  ///
  /// - Parameters:
  ///   - app: The executable product, named as its errors name it.
  ///   - importable: A valid input for the app's `import` command.
  /// - Throws: When the temporary home cannot be made.
  public init(app: String, importable: Data) throws {
    self.app = app
    self.importable = importable
    home = try TemporaryDirectory(prefix: "\(app)-habits")
  }

  /// Runs the app with `arguments` in the home, waiting without holding a thread.
  ///
  /// - Parameter arguments: Its arguments.
  /// - Returns: How it ended and what it wrote.
  /// - Throws: When it cannot be started.
  public func run(_ arguments: [String]) async throws -> ProductResult {
    try await BuiltProduct(app).runToExit(arguments, environment: home.isolatedEnvironment())
  }

  // MARK: - Echoed input

  /// A control character in an argument is echoed escaped (`\x01`), with exit 64.
  ///
  /// - Parameter sourceLocation: Where failures are reported.
  /// - Throws: When the app cannot be run.
  public func checkEscapedEcho(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let result = try await run(["add\u{01}"])
    #expect(result.status == 64, sourceLocation: sourceLocation)
    #expect(
      result.error.hasPrefix(#"\#(app): error: unknown command 'add\x01'"#), "\(result.error)",
      sourceLocation: sourceLocation)
  }

  /// A 120 KB argument is cut in the echo: the error stays one short line.
  ///
  /// - Parameter sourceLocation: Where failures are reported.
  /// - Throws: When the app cannot be run.
  public func checkLongEcho(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let result = try await run([String(repeating: "a", count: 120_000)])
    #expect(result.status == 64, sourceLocation: sourceLocation)
    #expect(
      result.error.hasPrefix("\(app): error: unknown command 'aaa"), sourceLocation: sourceLocation)
    #expect(result.error.contains("…'"), sourceLocation: sourceLocation)
    #expect(
      result.error.utf8.count < 400, "\(result.error.utf8.count) bytes",
      sourceLocation: sourceLocation)
  }

  // MARK: - One input reader

  /// `import` reads a process substitution, a pipe on standard input and a file.
  ///
  /// - Parameter sourceLocation: Where failures are reported.
  /// - Throws: When the app or bash cannot be run.
  public func checkImportSources(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let file = home.appending("input.txt")
    try importable.write(to: file)
    let binary = try BuiltProduct(app).url.path
    let environment = home.isolatedEnvironment()
    for command in [
      "'\(binary)' import <(cat '\(file.path)')",
      "cat '\(file.path)' | '\(binary)' import -",
      "'\(binary)' import '\(file.path)'",
    ] {
      let result = try await offThePool { try runShell(command, environment: environment) }
      #expect(result.status == 0, "\(command): \(result.error)", sourceLocation: sourceLocation)
      #expect(result.error.isEmpty, "\(command): \(result.error)", sourceLocation: sourceLocation)
    }
  }

  /// `import` of a missing file or a folder exits 66 naming it; an endless input is
  /// cut off with 65.
  ///
  /// - Parameter sourceLocation: Where failures are reported.
  /// - Throws: When the app cannot be run.
  public func checkImportFailures(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let missing = try await run(["import", home.appending("nope.json").path])
    #expect(missing.status == 66, sourceLocation: sourceLocation)
    #expect(
      missing.error.hasPrefix(
        "\(app): error: cannot read \(home.appending("nope.json").path): no such file"),
      sourceLocation: sourceLocation)
    let folder = try await run(["import", home.path])
    #expect(folder.status == 66, sourceLocation: sourceLocation)
    #expect(
      folder.error.hasPrefix("\(app): error: cannot read \(home.path): it is a folder, not a file"),
      sourceLocation: sourceLocation)
    let endless = try await run(["import", "/dev/zero"])
    #expect(endless.status == 65, sourceLocation: sourceLocation)
    #expect(
      endless.error.hasPrefix("\(app): error: /dev/zero is too large"),
      sourceLocation: sourceLocation)
  }
}

#if canImport(Glibc)
  extension CommandLineHabits {
    // MARK: - The interactive UI

    /// The app with only global options (`[]`, `--color never`) still opens its
    /// interactive UI on a terminal.
    ///
    /// - Parameter arguments: Global options only.
    /// - Throws: When the UI does not start before the session's deadline.
    public func checkOpensTheUI(with arguments: [String]) async throws {
      let (app, environment) = (app, home.isolatedEnvironment(["TERM": "xterm"]))
      try await offThePool {
        let session = try PseudoTerminalSession(
          BuiltProduct(app).url.path, arguments, environment: environment)
        try session.waitForOutput(TerminalControl.enterSequence)
      }
    }

    /// A command on a terminal (`list`) prints and exits 0 without the UI.
    ///
    /// - Parameter sourceLocation: Where failures are reported.
    /// - Throws: When the app does not end before the session's deadline.
    public func checkCommandSkipsTheUI(sourceLocation: SourceLocation = #_sourceLocation)
      async throws
    {
      let (app, environment) = (app, home.isolatedEnvironment(["TERM": "xterm"]))
      let (status, output) = try await offThePool {
        let session = try PseudoTerminalSession(
          BuiltProduct(app).url.path, ["list", "--color", "never"], environment: environment)
        return (try session.waitForExit().exitCode, session.outputText)
      }
      #expect(status == 0, sourceLocation: sourceLocation)
      #expect(!output.contains(TerminalControl.enterSequence), sourceLocation: sourceLocation)
    }
  }
#endif
