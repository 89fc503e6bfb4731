#if canImport(Glibc)
  import Core
  import CoreTesting
  import Foundation
  import Testing

  @testable import BlueprintTodoFeatures

  /// The open `todo` shows what another `todo` process did, with no key pressed: the
  /// built executable on a real pseudo-terminal, the change made by a second run of
  /// it. Each test waits for the screen it expects; the deadlines only guard a hang.
  @Suite("the open screens follow other processes' changes", .timeLimit(.minutes(10)))
  struct LiveListTerminalTests {
    /// Opens `todo` on a pseudo-terminal once its list shows `ready`, runs `body`,
    /// quits, and requires exit 0.
    static func withUI(
      _ home: TodoHome, ready: String, environment extra: [String: String] = [:],
      _ body: @escaping @Sendable (PseudoTerminalSession) throws -> Void
    ) async throws {
      let environment = home.folder.isolatedEnvironment(
        ["TZ": "UTC", "TERM": "xterm"].merging(extra) { _, new in new })
      let path = home.product.url.path
      let status = try await offThePool { () throws -> Int32? in
        let session = try PseudoTerminalSession(
          path, [], environment: environment, isControllingTerminal: true)
        try session.waitForScreen { $0.text.contains(ready) }
        try body(session)
        session.send("q")
        return try session.waitForExit().exitCode
      }
      #expect(status == 0)
    }

    @Test(
      "add, done, edit, rm, undo and import in another process show in the open list",
      arguments: [
        (["add", "Live item"], "Live item", "2 open · 0 done"),
        (["done", "1"], "[x] 1  Pay rent", "0 open · 1 done"),
        (["edit", "1", "--title", "Pay the rent"], "Pay the rent", "1 open · 0 done"),
        (["rm", "1"], "Nothing to do", "0 open · 0 done"),
      ])
    func otherCommand(arguments: [String], shows: String, counts: String) async throws {
      let home = try TodoHome()
      try home.output(["add", "Pay rent"])
      try await Self.withUI(home, ready: "1 open") { session in
        try home.output(arguments)
        try session.waitForScreen { $0.text.contains(shows) && $0.text.contains(counts) }
      }
    }

    @Test("undo in another process shows in the open list")
    func undo() async throws {
      let home = try TodoHome()
      try home.output(["add", "Pay rent"])
      try home.output(["add", "Walk the dog"])
      try await Self.withUI(home, ready: "Walk the dog") { session in
        try home.output(["undo"])
        try session.waitForScreen { $0.text.contains("1 open") && !$0.text.contains("Walk") }
      }
    }

    @Test("A second todo UI's add shows in the first")
    func secondUI() async throws {
      let home = try TodoHome()
      try home.output(["add", "Pay rent"])
      let environment = home.folder.isolatedEnvironment(["TZ": "UTC", "TERM": "xterm"])
      let path = home.product.url.path
      try await Self.withUI(home, ready: "1 open") { first in
        let second = try PseudoTerminalSession(
          path, [], environment: environment, isControllingTerminal: true)
        try second.waitForScreen { $0.text.contains("1 open") }
        second.send("a")
        second.send("From the other window\r")
        try second.waitForScreen { $0.text.contains("2 open") }
        try first.waitForScreen {
          $0.text.contains("From the other window") && $0.text.contains("2 open")
        }
        second.send("q")
        _ = try second.waitForExit()
      }
    }

    @Test("The selection stays on its item and the search still applies")
    func selectionAndSearch() async throws {
      let home = try TodoHome()
      try home.output(["add", "Buy milk"])
      try home.output(["add", "Buy bread"])
      try await Self.withUI(home, ready: "Buy bread") { session in
        session.send("/buy\r")
        try session.waitForScreen { $0.text.contains("search: buy") }
        session.send("j")  // the second row: Buy bread (#2)
        // A new item listed first, one the search hides, then one it shows.
        try home.output(["add", "Walk the dog !high"])
        try home.output(["add", "Buy eggs !high"])
        let screen = try session.waitForScreen { $0.text.contains("Buy eggs") }
        #expect(!screen.text.contains("Walk the dog"), "\(screen.text)")
        #expect(screen.text.contains("4 open"), "\(screen.text)")
        session.send("\r")  // opens the selected item
        try session.waitForScreen { $0.text.contains("#2") && $0.text.contains("Buy bread") }
      }
    }

    @Test("Text typed in the quick add survives another process's change, then is added")
    func quickAddSurvives() async throws {
      let home = try TodoHome()
      try home.output(["add", "Pay rent"])
      try await Self.withUI(home, ready: "1 open") { session in
        session.send("a")
        session.send("Half typ")
        try session.waitForScreen { $0.text.contains("New todo: Half typ") }
        try home.output(["add", "From elsewhere"])
        let screen = try session.waitForScreen { $0.text.contains("From elsewhere") }
        #expect(screen.text.contains("New todo: Half typ"), "\(screen.text)")
        session.send("ed\r")
        try session.waitForScreen { $0.text.contains("Half typed") && $0.text.contains("3 open") }
      }
      let listed = try home.output(["list"])
      #expect(listed.contains("Half typed") && listed.contains("From elsewhere"), "\(listed)")
    }

    @Test("The detail screen says its item changed or was deleted elsewhere; typed text survives")
    func detail() async throws {
      let home = try TodoHome()
      try home.output(["add", "Pay rent"])
      try await Self.withUI(home, ready: "1 open") { session in
        session.send("\r")
        try session.waitForScreen { $0.text.contains("#1") && $0.text.contains("Title") }
        session.send("\r")  // edits the title
        session.send(" now")
        try home.output(["edit", "1", "--due", "2031-05-06"])
        let screen = try session.waitForScreen {
          $0.text.contains("changed elsewhere") && $0.text.contains("2031-05-06")
        }
        #expect(screen.text.contains("Pay rent now"), "\(screen.text)")
        session.send("\r")  // saves the title onto the item as stored now
        try session.waitForScreen { $0.text.contains("saved") }
        let stored = try home.output(["list", "--json"])
        #expect(stored.contains("Pay rent now") && stored.contains("2031-05-06"), "\(stored)")
        try home.output(["rm", "1"])
        try session.waitForScreen { $0.text.contains("#1 was deleted elsewhere") }
      }
      let shown = try home.output(["list", "--all"])
      #expect(!shown.contains("Pay rent"), "\(shown)")
    }
  }
#endif
