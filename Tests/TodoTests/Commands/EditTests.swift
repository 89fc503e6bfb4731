import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `edit` through the built `todo`: the quick syntax, tags taken away, words left over.
@Suite("the edit command", .timeLimit(.minutes(10)))
struct EditTests: TodoHomeSuite {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  @Test("edit takes the quick syntax: due:sat +tag !priority, other words the title")
  func editQuickSyntax() throws {
    try home.output(["add", "Draft"])
    #expect(try home.output(["edit", "1", "due:sat", "+home", "!low"]) == "edited 1\n")
    var item = try home.output(["show", "1", "--json"])
    #expect(item.contains(#""priority":"low""#))
    #expect(item.contains(#""tags":["home"]"#))
    let saturday = try #require(Day.parse("sat", today: today))
    #expect(item.contains(#""due":"\#(saturday)""#))
    #expect(item.contains(#""title":"Draft""#))
    try home.output(["modify", "1", "Final", "draft", "due:Dec", "24"])
    item = try home.output(["show", "1", "--json"])
    #expect(item.contains(#""title":"Final draft""#))
    let christmasEve = try #require(Day.parse("Dec 24", today: today))
    #expect(item.contains(#""due":"\#(christmasEve)""#))
    try home.output(["edit", "1", "--", "-home"])
    #expect(try home.output(["show", "1", "--json"]).contains(#""tags":[]"#))
    // due:none removes the date, as --due none does; a filter's due:none finds the undated.
    try home.output(["add", "Dated", "due:tomorrow"])
    #expect(!(try home.output(["list", "due:none"]).contains("Final draft")))
    try home.output(["edit", "1", "due:NONE"])
    item = try home.output(["show", "1", "--json"])
    #expect(item.contains(#""due":null"#) && item.contains(#""title":"Final draft""#))
    let undated = try home.output(["list", "due:none"])
    #expect(undated.contains("Final draft") && !undated.contains("Dated"))
    // A due: with no date after it says so, and how to remove a date.
    let bare = try home.run(["add", "Due:", "quarterly", "report"])
    #expect(bare.status == 64)
    #expect(bare.error.contains("'due:' is not followed by a date"), "\(bare.error)")
    #expect(bare.error.contains("due:none means no due date"))
  }
}

extension EditTests {
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

extension EditTests {
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
