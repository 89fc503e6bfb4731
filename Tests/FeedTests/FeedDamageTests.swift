import BlueprintFeedFeatures
import Core
import CoreTesting
import Foundation
import Testing

/// A damaged store, met through the built `feed` executable.
@Suite("a damaged store, end to end", .timeLimit(.minutes(10)))
struct FeedDamageTests {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-damage") }

  /// Two local feeds, refreshed.
  func addTwoFeeds() throws {
    for (name, title) in [("one.xml", "One"), ("two.xml", "Two")] {
      let url = home.appending(name)
      try Data(FeedSamples.rss(title: title, count: 2).utf8).write(to: url)
      try home.run("add", url.path)
    }
    try home.run("refresh")
  }

  func setAsideFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: home.dataFolder.path)
      .filter { $0.hasPrefix("feed-1.json.damaged-") }
  }

  @Test("a damaged feed record costs only that feed's cache: set aside once, refetched")
  func damagedRecord() throws {
    try addTwoFeeds()
    let file = home.dataFolder.appendingPathComponent("feed-1.json")
    let garbage = Data("{ not json".utf8)
    try garbage.write(to: file)

    let list = try home.run("list")
    #expect(list.output.contains("Two"))
    let aside = try setAsideFiles()
    #expect(aside.count == 1)
    let asidePath = home.dataFolder.appendingPathComponent(aside[0]).path
    #expect(
      list.error.hasPrefix("\(appIdentity.name): warning: the cached items of feed 1 were damaged"))
    #expect(list.error.contains(asidePath))
    #expect(
      list.error.contains(
        "hint: the damaged file is kept, untouched, as \(asidePath); look at it with: less "),
      "\(list.error)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: asidePath)) == garbage)

    // Said once: the next commands work without a word.
    let read = try home.run("read", "2")
    #expect(read.error.isEmpty)
    #expect(read.output.contains("Item 2"))
    #expect(try home.run("list").error.isEmpty)

    let refresh = try home.run("refresh")
    #expect(refresh.output.contains("ok       1  One    2 new, 2 cached"), "\(refresh.output)")
    #expect(try home.run("read", "1").output.contains("Item 2"))
    #expect(try setAsideFiles() == aside)  // never deleted
  }

  /// The read marks of feed 1 (its first of five items read), then its record damaged
  /// as `damage` does it; returns the warning of the next `list`.
  func damageWithReadMarks(_ damage: (String) -> String) throws -> String {
    let url = home.appending("five.xml")
    try Data(FeedSamples.rss(title: "Five", count: 5).utf8).write(to: url)
    try home.run("add", url.path)
    try home.run("refresh")
    try home.run("mark-read", "1.1")
    #expect(try home.run("list").output.contains(" 1       4  Five"))
    let file = home.dataFolder.appendingPathComponent("feed-1.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    let damaged = damage(text)
    #expect(damaged != text)
    try Data(damaged.utf8).write(to: file)
    return try home.run("list").error
  }

  @Test("a damaged record that still parses keeps its read marks across the refetch")
  func readMarksSurvive() throws {
    let warning = try damageWithReadMarks {
      $0.replacingOccurrences(of: "\"nextNumber\" : 6", with: "\"nextNumber\" : -6")
    }
    #expect(
      warning.contains(
        "were damaged and are set aside. You have: its 1 read mark. Nothing else was lost; "
          + "the items come back at the next refresh."), "\(warning)")
    try home.run("refresh")
    let list = try home.run("list")
    #expect(list.output.contains(" 1       4  Five"), "\(list.output)")
    #expect(try setAsideFiles().count == 1)
  }

  @Test("a record too damaged to parse says its read marks are lost")
  func readMarksLost() throws {
    let warning = try damageWithReadMarks { String($0.prefix(40)) }
    #expect(
      warning.contains("You have: nothing of it. Lost: its read marks; the items come back"),
      "\(warning)")
    try home.run("refresh")
    #expect(try home.run("list").output.contains(" 1       5  Five"))
  }

  /// The last good version beside the file holds the marks from before the last
  /// change: 1.1 read there, 1.2 marked by the change whose bytes were lost.
  @Test("a record too damaged to parse keeps the read marks of the version before it")
  func readMarksFromLastGood() throws {
    let warning = try damageWithReadMarks { text in
      _ = try? home.run("mark-read", "1.2")
      return String(text.prefix(40))
    }
    #expect(
      warning.contains(
        "You have: the 1 read mark it had before its last change. Lost: that last change of "
          + "read marks; the items come back at the next refresh."), "\(warning)")
    try home.run("refresh")
    #expect(try home.run("list").output.contains(" 1       4  Five"))
  }

  @Test("a subscription list with one URL twice is corrupt: 65, the file and both ids named")
  func duplicateURL() throws {
    try addTwoFeeds()
    let file = home.dataFolder.appendingPathComponent("subscriptions.json")
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    var feeds = try #require(list["feeds"] as? [[String: Any]])
    feeds[1]["url"] = feeds[0]["url"]
    let bytes = try JSONSerialization.data(
      withJSONObject: ["feeds": feeds, "nextID": 3], options: [.withoutEscapingSlashes])
    try bytes.write(to: file)
    for arguments in [["list"], ["refresh"], ["add", "https://a.example/f"]] {
      let result = try home.product.run(arguments, environment: home.environment)
      #expect(result.status == 65, "\(arguments): \(result.error)")
      #expect(result.error.contains(file.path))
      #expect(result.error.contains("the feeds '1' and '2' have the same URL"), "\(result.error)")
      #expect(result.error.contains("feeds[1].url"), "\(result.error)")
      #expect(try Data(contentsOf: file) == bytes)
    }
  }

  @Test(
    "every command works beside a damaged record, rm included",
    arguments: [
      ["list"], ["read"], ["read", "--json"], ["refresh"], ["mark-read", "--all", "--yes"],
      ["rm", "1"],
      ["mark-unread", "1"], ["export"], ["show", "2.1"],
    ])
  func commandsBesideDamage(arguments: [String]) throws {
    try addTwoFeeds()
    try Data("[1, 2".utf8).write(to: home.dataFolder.appendingPathComponent("feed-1.json"))
    let result = try home.product.run(arguments, environment: home.environment)
    #expect(result.status == 0, "\(arguments): \(result.error)")
    #expect(result.error.contains("were damaged"))
    #expect(try setAsideFiles().count == 1)
  }

  @Test("rm of a feed whose record is damaged removes the feed and keeps the bytes aside")
  func removeDamaged() throws {
    try addTwoFeeds()
    let garbage = Data("\u{0}\u{1}binary".utf8)
    try garbage.write(to: home.dataFolder.appendingPathComponent("feed-1.json"))
    try home.run("rm", "1")
    #expect(
      !FileManager.default.fileExists(
        atPath: home.dataFolder.appendingPathComponent("feed-1.json").path)
    )
    let aside = try setAsideFiles()
    #expect(aside.count == 1)
    #expect(try Data(contentsOf: home.dataFolder.appendingPathComponent(aside[0])) == garbage)
    #expect(!(try home.run("list").output.contains("One")))
  }

  @Test(
    "a damaged subscription list: exit 65, the file named and untouched, a hint to recover",
    arguments: [["list"], ["read"], ["refresh"], ["rm", "1"], ["add", "https://a.example/f"]])
  func damagedSubscriptions(arguments: [String]) throws {
    try addTwoFeeds()
    let file = home.dataFolder.appendingPathComponent("subscriptions.json")
    let garbage = Data("{\"feeds\": [".utf8)
    try garbage.write(to: file)
    let result = try home.product.run(arguments, environment: home.environment)
    #expect(result.status == 65, "\(arguments)")
    #expect(result.error.hasPrefix("\(appIdentity.name): error: "))
    #expect(result.error.contains(file.path))
    #expect(result.error.contains("mv \(file.path) \(file.path).bad"))
    #expect(result.output.isEmpty)
    #expect(try Data(contentsOf: file) == garbage)
    // The second `add` kept the list as it was before: the hint restores it first.
    let lastGood = file.path + ".last-good"
    #expect(result.error.contains("hint: restore the version before the last change with: cp "))
    #expect(result.error.contains("cp \(lastGood) \(file.path); or fix it in an editor"))
  }

  @Test(
    "a repeated key in a store file is damage: the list exits 65, a record is set aside",
    arguments: [["list"], ["refresh"], ["add", "https://a.example/f"]])
  func repeatedKeys(arguments: [String]) throws {
    try addTwoFeeds()
    let file = home.dataFolder.appendingPathComponent("subscriptions.json")
    let text = try String(decoding: Data(contentsOf: file), as: UTF8.self)
    // The same key twice in the first subscription: Foundation alone would keep one.
    let doubled = Data(text.replacingOccurrences(of: #""id""#, with: #""id" : "9", "id""#).utf8)
    #expect(doubled.count > text.utf8.count)
    try doubled.write(to: file)
    let result = try home.product.run(arguments, environment: home.environment)
    #expect(result.status == 65, "\(arguments): \(result.error)")
    #expect(result.error.contains(file.path))
    #expect(result.error.contains("the key 'id' appears twice"))
    #expect(result.output.isEmpty)
    #expect(try Data(contentsOf: file) == doubled)
  }

  @Test("the hint's cp command gives back the list as it was before its last change")
  func restoreSubscriptions() throws {
    try addTwoFeeds()
    let file = home.dataFolder.appendingPathComponent("subscriptions.json")
    try Data("{\"feeds\": [".utf8).write(to: file)
    let hint = try home.run("list", expect: 65).error
    // Run the command the hint gives, as a user would paste it.
    let prefix = "restore the version before the last change with: "
    let start = try #require(hint.range(of: prefix)).upperBound
    let end = try #require(hint.range(of: "; or ", range: start..<hint.endIndex)).lowerBound
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", String(hint[start..<end])]
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    // The list before the second `add`: the first feed only.
    let list = try home.run("list")
    #expect(list.output.contains("One"))
    #expect(!list.output.contains("Two"))
  }

  @Test("without a last good copy the hint says how to fix or replace the list")
  func damagedSubscriptionsWithoutCopy() throws {
    try addTwoFeeds()
    let file = home.dataFolder.appendingPathComponent("subscriptions.json")
    try FileManager.default.removeItem(atPath: file.path + ".last-good")
    try Data("{\"feeds\": [".utf8).write(to: file)
    let result = try home.run("list", expect: 65)
    #expect(result.error.contains("hint: the file is left as it is: fix it in an editor"))
    #expect(!result.error.contains("cp "))
  }

  @Test(
    "ids and counters near Int.max are damage (exit 65 or set aside), never a crash",
    arguments: [Int.max, Int.max - 1, 1 << 62, 0, -5])
  func hugeCounters(value: Int) throws {
    try addTwoFeeds()
    let subscriptions = home.dataFolder.appendingPathComponent("subscriptions.json")
    let text = try String(contentsOf: subscriptions, encoding: .utf8)
    let damaged = text.replacingOccurrences(of: "\"nextID\" : 3", with: "\"nextID\" : \(value)")
    #expect(damaged != text)
    try Data(damaged.utf8).write(to: subscriptions)
    let add = try home.run("add", "https://a.example/feed", expect: 65)
    #expect(add.error.contains("nextID"))
    try Data(text.utf8).write(to: subscriptions)

    let record = home.dataFolder.appendingPathComponent("feed-1.json")
    let recordText = try String(contentsOf: record, encoding: .utf8)
    let bigNumber = recordText.replacingOccurrences(
      of: "\"nextNumber\" : 3", with: "\"nextNumber\" : \(value)")
    #expect(bigNumber != recordText)
    try Data(bigNumber.utf8).write(to: record)
    let list = try home.run("list")
    #expect(list.error.contains("were damaged"))
    try home.run("refresh")
    #expect(try home.run("read", "1").output.contains("Item 2"))
  }

  @Test(
    "an id used twice or malformed is a corrupt list: exit 65, the path, the bytes untouched",
    arguments: [
      ("1", "the id '1' is used by two feeds at feeds[1].id"),
      ("../x", "the id '../x' is not a whole number from 1 to"),
      ("01", "the id '01' is not a whole number"),
      ("", "the id '' is not a whole number"),
      ("2\u{1B}[31m", "the id '2\\u{1b}[31m' is not a whole number"),
    ])
  func damagedIDs(id: String, message: String) throws {
    try addTwoFeeds()
    let file = home.dataFolder.appendingPathComponent("subscriptions.json")
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    var feeds = try #require(json["feeds"] as? [[String: Any]])
    feeds[1]["id"] = id
    json["feeds"] = feeds
    let damaged = try JSONSerialization.data(withJSONObject: json)
    try damaged.write(to: file)
    for command in [["list"], ["refresh"], ["read"], ["add", "https://b.example/feed"]] {
      let result = try home.product.run(command, environment: home.environment)
      #expect(result.status == 65, "feed \(command): \(result.error)")
      #expect(result.error.contains(file.path), "\(result.error)")
      #expect(result.error.contains(message), "\(result.error)")
      #expect(!result.error.contains("\u{1B}"))
    }
    #expect(try Data(contentsOf: file) == damaged)
  }

  @Test("a date no calendar can print is damage, not a crash")
  func hugeDate() throws {
    try addTwoFeeds()
    let record = home.dataFolder.appendingPathComponent("feed-1.json")
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
    json["lastFetched"] = 1e300
    try JSONSerialization.data(withJSONObject: json).write(to: record)
    let list = try home.run("list")
    #expect(list.error.contains("were damaged"))
  }
}
