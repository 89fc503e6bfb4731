import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// Corrections to the command line, each through the built `todo`.
@Suite("todo: command-line corrections (built executable)", .timeLimit(.minutes(10)))
struct CommandCorrectionTests {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  @Test("--sort urgency (Taskwarrior's word) is the default order, in any case")
  func sortUrgency() throws {
    try home.output(["add", "Later", "!high"])
    try home.output(["add", "Overdue", "due:2000-01-01"])
    let standard = try home.output(["list"])
    #expect(try home.output(["list", "--sort", "urgency"]) == standard)
    #expect(try home.output(["list", "--sort", "Urgency"]) == standard)
    #expect(standard.split(separator: "\n").first?.contains("Overdue") == true)
  }
}

extension CommandCorrectionTests {
  @Test("removing a tag the item does not have: exit 64 naming it, nothing changed")
  func removeMissingTag() throws {
    try home.output(["add", "Paint", "+home"])
    let before = try #require(home.storedBytes)
    for arguments in [["edit", "1", "--tag", "-garden"], ["edit", "1", "--", "-garden"]] {
      let result = try home.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.output.isEmpty)
      #expect(result.error.contains("\(appIdentity.name): error: 1 has no tag 'garden'"))
      #expect(result.error.contains("hint: its tags: home"))
      #expect(home.storedBytes == before)
    }
    #expect(try home.output(["edit", "1", "--tag", "-home"]) == "edited 1\n")
  }
}

extension CommandCorrectionTests {
  @Test("edit --title with words left over: exit 64 naming them, nothing changed")
  func titleWordsLeftOver() throws {
    try home.output(["add", "Old", "title"])
    let before = try #require(home.storedBytes)
    let result = try home.run(["edit", "1", "--title", "Something", "else", "too"])
    #expect(result.status == 64)
    #expect(result.error.contains("\(appIdentity.name): error: 'else too' left over after --title"))
    #expect(
      result.error.contains("hint: quote a title of several words: --title 'Something else too'"))
    #expect(home.storedBytes == before)
    // The quick syntax beside --title is no title and still applies.
    #expect(
      try home.output(["edit", "1", "--title", "New title", "+home", "due:none"]) == "edited 1\n")
    #expect(try home.output(["show", "1"]).contains("New title"))
  }
}
