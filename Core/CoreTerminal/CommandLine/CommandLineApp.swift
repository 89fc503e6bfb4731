import CoreBase
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a command-line app: parses the arguments, prints help, the version, a completion
/// script or the manual page (``CommandLineSpec/generatedText(for:)``), builds
/// the ``CommandContext`` (for the spec's ``CommandLineSpec/identity``; the theme is the
/// app's to give, see ``CommandContext/styled(theme:appearance:)``), runs the command,
/// and turns errors into
/// `APP: error: MESSAGE` (+ `hint:`) on standard error and a sysexits code.
///
/// <!-- doc-test: skip a main.swift: `TodoCommands` is the todo sample's -->
/// ```swift
/// // main.swift
/// let app = CommandLineApp(spec: TodoCommands.spec)
/// await app.main { command, context in
///   try await TodoCommands.run(command, in: context)
/// }
/// ```
///
/// Error mapping: an ``AppErrorConvertible`` error (``AppError``, ``CommandLineError``,
/// `PersistenceError`, `APIError`) exits with its own code; cancellation exits 130;
/// a Foundation file error is said in words and exits 66 or 74; anything else is
/// reported as an unexpected error and exits 70. No error is printed as a Foundation
/// dump (``CommandLineErrorDescription``). Nothing is
/// printed to standard output on error. When standard output could not be written
/// (a full disk), the run ends with exit 74 and says so, so a script never takes a
/// cut-short listing or export for a success.
public struct CommandLineApp: Sendable {
  /// The app's commands and options.
  public let spec: CommandLineSpec

  /// Creates a runner.
  ///
  /// - Parameter spec: The app's commands and options; its identity's name prefixes
  ///   every error and its family names the folders.
  public init(spec: CommandLineSpec) {
    self.spec = spec
  }

  /// Runs the app on the process's arguments and streams, then exits.
  ///
  /// - Parameter command: Runs one parsed command.
  @MainActor
  public func main(
    _ command: @MainActor (ParsedCommand, CommandContext) async throws -> Void
  ) async -> Never {
    // The environment is read only for a command to run: `--version` and `--help`
    // skip building its dictionary (about 2 % of a process start, measured).
    let code = await run(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: { ProcessInfo.processInfo.environment },
      io: .live,
      command
    )
    exit(code.rawValue)
  }

  /// Runs the app once and returns its exit code; what `main` does, without exiting.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: The process environment.
  ///   - io: Where output goes.
  ///   - command: Runs one parsed command.
  /// - Returns: The exit code.
  @MainActor
  public func run(
    arguments: [String],
    environment: [String: String],
    io: ProcessIO,
    _ command: @MainActor (ParsedCommand, CommandContext) async throws -> Void
  ) async -> ExitCode {
    await run(arguments: arguments, environment: { environment }, io: io, command)
  }

  @MainActor
  private func run(
    arguments: [String],
    environment: () -> [String: String],
    io: ProcessIO,
    _ command: @MainActor (ParsedCommand, CommandContext) async throws -> Void
  ) async -> ExitCode {
    let reporter = ErrorReporter(appName: spec.name, write: io.writeError)
    let parsed: ParsedCommandLine
    do {
      if let generated = try spec.generatedText(for: arguments) {
        io.writeOutput(generated)
        return .ok
      }
      parsed = try spec.parse(arguments)
    } catch {
      return reporter.report(error)
    }
    switch parsed {
    case .help(let text), .version(let text):
      io.writeOutput(text.hasSuffix("\n") ? text : text + "\n")
      return .ok
    case .run(var parsedCommand):
      let context = CommandContext(
        identity: spec.identity,
        environment: environment(),
        io: io,
        color: parsedCommand.color,
        launchedWithoutArguments: !parsedCommand.hasCommandArguments
      )
      parsedCommand.environment = context.environment
      do {
        try await command(parsedCommand, context)
      } catch {
        return report(error, with: reporter)
      }
      if let failure = io.outputFailure() {
        reporter.report("cannot write to standard output: \(failure)")
        return .ioError
      }
      return .ok
    }
  }

  private func report(_ error: any Error, with reporter: ErrorReporter) -> ExitCode {
    if let convertible = error as? any AppErrorConvertible {
      let appError = convertible.appError
      reporter.report(appError.message, hint: appError.hint)
      return appError.exitCode
    }
    if error is CancellationError {
      reporter.report("interrupted")
      return .interrupted
    }
    let message = CommandLineErrorDescription.describe(error)
    if let code = CommandLineErrorDescription.exitCode(for: error) {
      reporter.report(message)
      return code
    }
    reporter.report("unexpected error: \(message)")
    return .software
  }
}
