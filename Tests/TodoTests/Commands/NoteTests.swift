import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `note` through the built `todo`: setting, replacing, appending to and clearing an item's note.
@Suite("the note command", .timeLimit(.minutes(10)))
struct NoteTests: TodoHomeSuite {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  @Test("a note: set, shown, searched, in --json, cleared, undone")
  func notes() throws {
    try home.output(["add", "Call the bank"])
    try home.output(["add", "Buy milk"])
    #expect(try home.output(["note", "1", "ask", "about", "the", "LOAN"]) == "noted 1\n")
    #expect(try home.output(["show", "1"]).contains("note:      ask about the LOAN\n"))
    #expect(try home.output(["list", "--search", "loan"]).contains("Call the bank"))
    #expect(!(try home.output(["list", "--search", "loan"]).contains("Buy milk")))
    let json = try home.output(["show", "1", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["note"] as? String == "ask about the LOAN")
    #expect(try home.output(["note", "1", "--clear"]) == "cleared the note of 1\n")
    #expect(try home.output(["show", "1"]).contains("note:      none\n"))
    #expect(try home.output(["undo"]) == "undid: note 1\n")
    #expect(try home.output(["show", "1"]).contains("note:      ask about the LOAN"))
    #expect(try home.run(["note", "1"]).status == 64)
    #expect(try home.run(["note", "9", "x"]).status == 64)
  }

  @Test("note says when it replaced one (undo brings it back); --append adds a line")
  func notesReplacedAndAppended() throws {
    try home.output(["add", "Think"])
    #expect(try home.output(["note", "1", "first", "thought"]) == "noted 1\n")
    #expect(
      try home.output(["note", "1", "second thought"])
        == "replaced the note of 1; '\(appIdentity.name) undo' brings the old one back\n")
    try home.output(["undo"])
    #expect(try home.output(["show", "1", "--json"]).contains(#""note":"first thought""#))
    #expect(
      try home.output(["note", "1", "--append", "more"]) == "added line 2 to the note of 1\n")
    #expect(
      try home.output(["note", "1", "-a", "and", "more"]) == "added line 3 to the note of 1\n")
    #expect(
      try home.output(["show", "1", "--json"]).contains(#""note":"first thought\nmore\nand more""#))
    #expect(try home.output(["show", "1"]).contains("note:      first thought\n           more\n"))
    try home.output(["add", "Fresh"])
    #expect(try home.output(["note", "2", "--append", "one"]) == "noted 2\n")
  }
}
