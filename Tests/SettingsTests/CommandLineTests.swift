import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// The command-line habits every app gets from the runner, checked on the built
/// `settings` as a user meets them, by CoreTesting's one checker. (Each sample's tests call
/// it with their own executable, so a test target runs only the app it depends on.)
@Suite("Command-line habits of settings, run as the built executable")
struct CommandLineHabitsTests {
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
}
