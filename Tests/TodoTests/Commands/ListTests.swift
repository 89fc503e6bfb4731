import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// What people coming from Taskwarrior or todo.txt type on their first day (issue
/// 31): filters as in `add`, the dates they write, overdue first, notes that add up,
/// the words of other tools. Each through the built executable.
@Suite("todo: the habits daily users bring (built executable)", .timeLimit(.minutes(10)))
struct DailyHabitsTests {
  let home: TodoHome

  init() throws { home = try TodoHome() }

  /// Ids as `list` prints them, in order.
  func listedIDs(_ arguments: [String]) throws -> [Int] {
    try home.output(arguments).split(separator: "\n").compactMap {
      Int($0.split(separator: " ").first ?? "")
    }
  }

  var today: Day { Day.today(in: .gmt) }

  // MARK: - Filters

  /// `TZ=UTC-14` is POSIX for fourteen hours east of UTC (`date` agrees); Foundation
  /// on Linux reads it as fourteen hours west, a day or two away.
  @Test("today is the day TZ names as the C library reads it, POSIX forms included")
  func posixTimeZone() throws {
    let east14 = try #require(TimeZone(secondsFromGMT: 14 * 3600))
    let before = Day.today(in: east14).description
    try home.output(["add", "x", "--due", "today"], environment: ["TZ": "UTC-14"])
    let after = Day.today(in: east14).description
    let json = try home.output(["show", "1", "--json"])
    // Before and after differ only when midnight at +14 falls during the run.
    #expect(
      json.contains(#""due":"\#(before)""#) || json.contains(#""due":"\#(after)""#), "\(json)")
  }

  @Test("list takes +tag, !priority and due:DATE as add does; several tags mean all of them")
  func listFilters() throws {
    try home.output(["add", "Write report +work !high"])  // 1
    try home.output(["add", "Call Bob +work +phone"])  // 2
    try home.output(["add", "Buy milk +shop due:2000-01-01"])  // 3
    try home.output(["add", "Plan trip +home", "--due", "2999-01-01"])  // 4
    #expect(try listedIDs(["list", "+work"]) == [1, 2])
    #expect(try listedIDs(["list", "+work", "+phone"]) == [2])
    #expect(try listedIDs(["list", "--tag", "work", "--tag", "phone"]) == [2])
    #expect(try listedIDs(["ls", "!high"]) == [1])
    #expect(try listedIDs(["list", "due:today"]) == [3])  // due by today: the overdue one
    #expect(try listedIDs(["list", "+work", "!low"]) == [])
    let refused = try home.run(["list", "work"])
    #expect(refused.status == 64)
    #expect(refused.error.contains("'work' is not a filter"))
    #expect(refused.error.contains("hint: a filter is +tag, !priority or due:DATE"))
    let help = try home.output(["list", "--help"])
    #expect(help.contains("given twice, with both"))
    #expect(help.contains("+tag (several: every one)"))
  }

  @Test("done and rm take a filter; above 3 matches they need --yes, and refuse without it")
  func filterSelections() throws {
    for index in 1...5 { try home.output(["add", "Shop \(index) +shop"]) }
    try home.output(["add", "Other"])
    let before = home.storedBytes
    let refused = try home.run(["done", "+shop"])
    #expect(refused.status == 64)
    #expect(refused.error.contains("'+shop' matches 5 todos; nothing was done"))
    #expect(refused.error.contains("add --yes to mark all 5 (ids 1 2 3 4 5)"))
    #expect(home.storedBytes == before)
    #expect(
      try home.output(["done", "+shop", "--yes"]) == "marked todos 1, 2, 3, 4 and 5 as done\n")
    #expect(try listedIDs(["list"]) == [6])
    try home.output(["add", "Milk +dairy"])
    try home.output(["add", "Cheese +dairy"])
    #expect(try home.output(["rm", "+dairy"]).hasPrefix("removed 7 8"))
    let none = try home.run(["rm", "+nothing"])
    #expect(none.status == 64)
    #expect(none.error.contains("no open todo matches '+nothing'"))
    let both = try home.run(["done", "6", "+shop"])
    #expect(both.status == 64)
    #expect(both.error.contains("give ids or a filter, not both"))
  }

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

  // MARK: - Dates

  @Test(
    "the dates people type are accepted by add, --due and due:",
    arguments: [
      "next friday", "Dec 15", "15 Dec", "December 15", "2026-12-3", "end of month", "tmrw",
      "NEXT FRIDAY",
    ])
  func typedDates(text: String) throws {
    let expected = try #require(Day.parse(text, today: today))
    try home.output(["add", "Quick due:\(text)"])
    try home.output(["add", "Option", "--due", text])
    let json = try home.output(["list", "--json"])
    #expect(json.components(separatedBy: #""due":"\#(expected)""#).count == 3, "\(json)")
    #expect(json.contains(#""title":"Quick""#))
  }

  @Test("12/20 is refused with a hint to write 2026-12-20, listing every accepted form")
  func ambiguousDate() throws {
    for arguments in [["add", "x", "--due", "12/20"], ["add", "x due:12/20"]] {
      let result = try home.run(arguments)
      #expect(result.status == 64)
      #expect(result.error.contains("end of month"), "\(result.error)")
      #expect(result.error.contains("next friday"))
      #expect(
        result.error.contains(
          "hint: write the date as YYYY-MM-DD, e.g. \(today.components.year)-12-20"))
    }
    #expect(home.storedBytes == nil)
  }

  // MARK: - Order

  @Test("the default order: overdue, then due today, then by urgency; --sort overrides")
  func overdueFirst() throws {
    try home.output(["add", "Important +work !high"])  // 1
    try home.output(["add", "Late", "--due", "2000-01-01"])  // 2
    try home.output(["add", "Today", "--due", "today"])  // 3
    try home.output(["add", "Later !medium", "--due", "2999-01-01"])  // 4
    // Urgency as Taskwarrior's: medium (3.9) with a far due date (12 × 0.2) is 6.3, more
    // than high (6.0) with none.
    #expect(try listedIDs(["list"]) == [2, 3, 4, 1])
    #expect(try listedIDs(["list", "--sort", "priority"]) == [1, 4, 2, 3])
    #expect(try listedIDs(["list", "--sort", "Due"]) == [2, 3, 4, 1])
    let json = try home.output(["list", "--json"])
    let order = json.split(separator: "\n").compactMap { line -> Int? in
      guard let range = line.range(of: #""id":"#) else { return nil }
      return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
    #expect(order == [2, 3, 4, 1])
  }

  @Test("by urgency, a near due date weighs more than a low priority (as in Taskwarrior)")
  func urgencyWeighsDueDates() throws {
    try home.output(["add", "Low, in five weeks !low", "--due", "+5w"])  // 1
    try home.output(["add", "Unprioritised, in three days", "--due", "+3d"])  // 2
    try home.output(["add", "High, no date !high"])  // 3
    try home.output(["add", "Nothing at all"])  // 4
    // 2: 12 × (0.2 + 0.8 × 11/21) = 7.4; 3: 6.0; 1: 1.8 + 12 × 0.2 = 4.2; 4: 0.
    #expect(try listedIDs(["list"]) == [2, 3, 1, 4])
    #expect(try listedIDs(["list", "--sort", "urgency"]) == [2, 3, 1, 4])
  }

  // MARK: - Notes

  @Test("note says when it replaced one (undo brings it back); --append adds a line")
  func notes() throws {
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

  // MARK: - Words of other tools

  @Test(
    "ls, del, delete, remove, complete and modify are aliases, listed in help",
    arguments: [
      (["ls"], "1  [ ]"), (["complete", "1"], "marked todo 1 as done"),
      (["modify", "1", "--title", "B"], "edited 1"), (["del", "1"], "removed 1"),
      (["delete", "1"], "removed 1"), (["remove", "1"], "removed 1"),
    ])
  func aliases(arguments: [String], output: String) throws {
    try home.output(["add", "A"])
    #expect(try home.output(arguments).contains(output))
    let help = try home.output(["--help"])
    #expect(help.contains("Also: ") && help.contains(arguments[0]))
    let commandHelp = try home.output([arguments[0], "--help"])
    #expect(
      commandHelp.contains("ALIASES: ")
        && commandHelp.contains("\(appIdentity.name) \(arguments[0])"))
  }

  @Test("option values match in any case: --sort Due, --priority HIGH, --color NEVER")
  func caseInsensitiveValues() throws {
    try home.output(["add", "A", "--priority", "HIGH"])
    #expect(try home.run(["list", "--sort", "Due"]).status == 0)
    #expect(try home.run(["list", "--sort", "CREATED", "--color", "NEVER"]).status == 0)
    let wrong = try home.run(["list", "--sort", "size"])
    #expect(wrong.status == 64)
    #expect(wrong.error.contains("urgent, priority, due, created or id"))
  }
}
