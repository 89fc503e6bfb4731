import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures

/// The command-line habits every app gets from the runner, checked on the built
/// app as a user meets them, by CoreTesting's one checker. (Each sample's tests call
/// it with their own executable, so a test target runs only the app it depends on.)
@Suite("Command-line habits of todo, run as the built executable")
struct CommandLineHabitsTests {
  let habits: CommandLineHabits

  init() throws {
    habits = try CommandLineHabits(
      app: appIdentity.name, importable: Data(#"[{"title": "piped"}]"#.utf8))
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

  // MARK: - todo's own

  @Test("an abbreviated option suggests the full one")
  func optionSuggestion() async throws {
    let result = try await habits.run(["add", "milk", "--prio", "high"])
    #expect(result.status == 64)
    #expect(result.error.contains("hint: did you mean '--priority'?"), "\(result.error)")
  }

  @Test("a corrupt store is named, with what is wrong and the next step; no Foundation dump")
  func corruptStore() async throws {
    let todo = habits.home.appending("data/\(appIdentity.family)/\(appIdentity.name)/todos.json")
    try FileManager.default.createDirectory(
      at: todo.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"version\": 1, \"todos\": [1,".utf8).write(to: todo)
    let result = try await habits.run(["list"])
    #expect(result.status == 65)
    #expect(
      result.error.hasPrefix("\(habits.app): error: \(todo.path) is corrupt: "), "\(result.error)")
    #expect(result.error.contains("it was left untouched"))
    #expect(result.error.contains("\nhint: "))
    #expect(!result.error.contains("Domain="))
    #expect(try Data(contentsOf: todo) == Data("{\"version\": 1, \"todos\": [1,".utf8))
  }
}
