#if canImport(Glibc)
  import CoreTesting
  import Foundation
  import Testing

  /// `todo import` in another process shows in the open list (interop's part of the
  /// live list, deleted with it).
  @Suite("import shows in the open list", .timeLimit(.minutes(10)))
  struct LiveImportTerminalTests {
    @Test("import in another process shows in the open list")
    func importShows() async throws {
      let home = try TodoHome()
      try home.output(["add", "Pay rent"])
      let file = home.folder.appending("import.json")
      try Data(#"[{"title": "Imported one"}]"#.utf8).write(to: file)
      try await LiveListTerminalTests.withUI(home, ready: "1 open") { session in
        try home.output(["import", file.path])
        try session.waitForScreen { $0.text.contains("Imported one") && $0.text.contains("2 open") }
      }
    }
  }
#endif
