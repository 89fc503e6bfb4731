import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `undo` through the built `todo`.
@Suite("the undo command", .timeLimit(.minutes(10)))
struct UndoTests: TodoHomeSuite {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  @Test("undo with nothing left says so")
  func nothingToUndo() throws {
    let result = try home.run(["undo"])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("\(appIdentity.name): error: nothing to undo"))
  }
}
