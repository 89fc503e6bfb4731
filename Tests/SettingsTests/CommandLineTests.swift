import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// The command line as a whole, through the built `settings`: the spec is well formed,
/// and the habits every app gets from the runner, checked as a user meets them by
/// CoreTesting's one checker. (Each sample's tests call it with their own executable,
/// so a test target runs only the app it depends on.)
@Suite("the command line, run as the built executable")
struct CommandLineTests {
  let habits: CommandLineHabits

  init() throws {
    habits = try CommandLineHabits(
      app: appIdentity.name, importable: Data(#"{"appearance": "dark"}"#.utf8))
  }

  // MARK: - The interactive UI

  @Test(
    "global options alone still open the interactive UI on a terminal",
    .timeLimit(.minutes(10)), arguments: [[], ["--color", "never"], ["--color=always"]])
  func globalOptionsKeepTheUI(arguments: [String]) async throws {
    try await habits.checkOpensTheUI(with: arguments)
  }

  @Test("a command on a terminal prints and exits without the UI", .timeLimit(.minutes(10)))
  func commandSkipsTheUI() async throws {
    try await habits.checkCommandSkipsTheUI()
  }

  // MARK: - Echoed input

  @Test("control characters in an argument are shown escaped")
  func escapedEcho() async throws {
    try await habits.checkEscapedEcho()
  }

  @Test("a 120 KB argument is cut in the echo")
  func longEcho() async throws {
    try await habits.checkLongEcho()
  }

  // MARK: - One input reader

  @Test("import reads a process substitution, a pipe on stdin and a file")
  func importSources() async throws {
    try await habits.checkImportSources()
  }

  @Test("import of a missing file or a folder exits 66 naming it; an endless input is cut off")
  func importFailures() async throws {
    try await habits.checkImportFailures()
  }

  /// The app's command types make a well-formed command line: each name once in its
  /// scope, a variadic argument only last, no empty names.
  @Test("no name is used twice, none is empty, a variadic argument comes last")
  func wellFormed() {
    expectWellFormed(SettingsCommands.all.spec)
  }
}
