import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@Suite("CommandLineApp")
@MainActor
struct CommandLineAppTests {
  let app = CommandLineApp(
    spec: CommandLineSpec(
      name: "demo", version: "1.2.3", summary: "A demo.",
      commands: [
        CommandSpec("list", summary: "List things."),
        CommandSpec("fail", summary: "Fail."),
      ],
      defaultCommand: "list"))
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  var environment: [String: String] { ["HOME": home.path, "XDG_CONFIG_HOME": home.path] }

  private func run(
    _ arguments: [String], environment extra: [String: String] = [:],
    io captured: CapturedIO = CapturedIO(),
    _ body: @MainActor (ParsedCommand, CommandContext) async throws -> Void = { _, _ in }
  ) async -> (ExitCode, CapturedIO) {
    let code = await app.run(
      arguments: arguments, environment: environment.merging(extra) { $1 }, io: captured.io, body)
    return (code, captured)
  }

  @Test("--version and --help print to stdout and exit 0")
  func helpAndVersion() async {
    let (code, io) = await run(["--version"])
    #expect(code == .ok)
    #expect(io.output == "demo 1.2.3\n")
    let (helpCode, help) = await run(["--help"])
    #expect(helpCode == .ok)
    #expect(help.output.contains("list"))
    #expect(help.error.isEmpty)
  }

  @Test("a usage error prints 'demo: error:' on stderr only and exits 64")
  func usageError() async {
    let (code, io) = await run(["lsit"])
    #expect(code == .usage)
    #expect(io.output.isEmpty)
    #expect(io.error.hasPrefix("demo: error: "))
    #expect(io.error.contains("list"))
  }

  @Test(
    "errors map to their exit codes",
    arguments: [
      (AppError("no such item", hint: "try list", exitCode: .noInput) as any Error, 66),
      (PersistenceError.lockTimeout(path: "/x/.lock", timeout: .seconds(5)), 75),
      (APIError(.transport(code: .timedOut)), 69),
      (CancellationError(), 130),
      (CocoaError(.fileReadNoSuchFile), 66),
      (CocoaError(.fileWriteOutOfSpace), 74),
      (POSIXError(.EIO), 74),
      (UnexpectedFailure(), 70),
    ] as [(any Error, Int32)])
  func errorMapping(error: any Error, expected: Int32) async {
    let (code, io) = await run(["fail"]) { _, _ in throw error }
    #expect(code.rawValue == expected)
    #expect(io.error.hasPrefix("demo: error: "))
    #expect(io.output.isEmpty)
  }

  @Test("output that could not be written ends with exit 74, not success")
  func outputFailure() async {
    let io = CapturedIO(outputFailure: "No space left on device")
    let (code, _) = await run(["list"], io: io) { _, context in context.write("a listing\n") }
    #expect(code == .ioError)
    #expect(io.error == "demo: error: cannot write to standard output: No space left on device\n")
  }

  @Test("an app error's hint is printed on its own line")
  func hint() async {
    let (_, io) = await run(["fail"]) { _, _ in throw AppError("bad\u{1B}[2J id", hint: "try list")
    }
    #expect(io.error == #"demo: error: bad\x1B[2J id"# + "\nhint: try list\n")
  }

  @Test(
    "color capability follows --color and the environment",
    arguments: [
      ([], [:], false, ColorCapability.none),
      ([], ["FORCE_COLOR": "3"], false, .trueColor),
      (["--color", "always"], ["TERM": "xterm-256color"], false, .ansi256),
      (["--color", "never"], ["FORCE_COLOR": "3"], true, .none),
      ([], ["NO_COLOR": "1", "TERM": "xterm"], true, .none),
      ([], ["TERM": "xterm"], true, .ansi16),
    ] as [([String], [String: String], Bool, ColorCapability)])
  func colors(
    arguments: [String], environment: [String: String], isTerminal: Bool,
    expected: ColorCapability
  ) async {
    let seen = Locked(ColorCapability.none)
    let io = CapturedIO(inputIsTerminal: isTerminal, outputIsTerminal: isTerminal)
    let (code, _) = await run(arguments + ["list"], environment: environment, io: io) {
      _, context in
      seen.withLock { $0 = context.colorCapability }
    }
    #expect(code == .ok)
    #expect(seen.withLock { $0 } == expected)
  }

  @Test("the interactive UI is wanted only with no arguments and two terminals")
  func interactive() async {
    let wanted = Locked<[Bool]>([])
    let record: @MainActor (ParsedCommand, CommandContext) async throws -> Void = {
      command, context in
      #expect(command.name == "list")
      wanted.withLock { $0.append(context.wantsInteractiveUI) }
    }
    _ = await run([], io: CapturedIO(inputIsTerminal: true, outputIsTerminal: true), record)
    _ = await run(["list"], io: CapturedIO(inputIsTerminal: true, outputIsTerminal: true), record)
    _ = await run([], io: CapturedIO(inputIsTerminal: false, outputIsTerminal: true), record)
    _ = await run([], io: CapturedIO(inputIsTerminal: true, outputIsTerminal: false), record)
    #expect(wanted.withLock { $0 } == [true, false, false, false])
  }
}

/// An error no mapping knows: reported as unexpected, exit 70.
private struct UnexpectedFailure: Error {}
