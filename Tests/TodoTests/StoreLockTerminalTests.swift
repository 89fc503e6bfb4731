import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// The built `todo` on a real pseudo-terminal while another process holds the list's
/// lock: the screen shows busy and still answers keys, resizes and quitting; quitting
/// before the save says it was not made, and nothing is written.
///
/// Real processes and real I/O are the point; every wait is for screen content or an
/// exit, bounded by a hang guard, never a sleep.
@Suite("todo's screen while another process holds the list's lock", .timeLimit(.minutes(3)))
struct StoreLockTerminalTests {
  let home: TodoHome

  init() throws {
    home = try TodoHome()
    try home.output(["add", "Buy milk"])
    try home.output(["add", "Pay rent"])
  }

  /// The list's folder, whose lock the holder takes.
  var dataFolder: URL { home.storeFile.deletingLastPathComponent() }

  /// `todo` on a new pseudo-terminal (its controlling terminal, so a resize signals it),
  /// its list on screen.
  func openUI() throws -> PseudoTerminalSession {
    let session = try PseudoTerminalSession(
      home.product.url.path, [], environment: home.environment.merging(["TERM": "xterm"]) { $1 },
      isControllingTerminal: true)
    try session.waitForOutput("Pay rent")
    return session
  }

  @Test("busy, keys, resize, quit: the change waiting for the lock is reported and not made")
  func quitWhileWaiting() async throws {
    let (home, folder) = (home, dataFolder)
    let (status, output) = try await BlockingWork().read {
      let holder = try StoreLockHolder(folder: folder, environment: home.environment)
      let session = try openUI()
      session.send(" ")  // mark the selected item done: waits for the lock
      try session.waitForOutput("Working…")
      // Keys still work: the search field opens and filters.
      var mark = session.output.count
      session.send("/")
      try session.waitForOutput("Search:", after: mark)
      mark = session.output.count
      session.send("\u{1b}")
      try session.waitForOutput("Move", after: mark)  // the list's keys are back
      // A resize repaints the whole screen at the new size.
      mark = session.output.count
      session.setSize(columns: 120, rows: 40)
      try session.waitForOutput("Buy milk", after: mark)
      session.send("q")
      let status = try session.waitForExit()
      try holder.release()
      return (status.exitCode, session.outputText)
    }
    #expect(status == 75)
    #expect(
      output.contains(
        "\(appIdentity.name): error: quit before this change was saved, so it was not made"))
    #expect(output.contains("mark 1 done"))
    let items = try TodoStore(directory: dataFolder).load().items
    #expect(items.allSatisfy { !$0.isDone })
  }

  @Test("once the other process lets go, the waiting change is saved and shown")
  func savedWhenReleased() async throws {
    let (home, folder) = (home, dataFolder)
    let (status, holderStatus) = try await BlockingWork().read {
      let holder = try StoreLockHolder(folder: folder, environment: home.environment)
      let session = try openUI()
      session.send(" ")
      try session.waitForOutput("Working…")
      let holderStatus = try holder.release()
      try session.waitForOutput("done 1")
      session.send("q")
      return (try session.waitForExit().exitCode, holderStatus)
    }
    #expect(holderStatus == 0)
    #expect(status == 0)
    #expect(try TodoStore(directory: dataFolder).load().item(1).isDone)
  }
}
