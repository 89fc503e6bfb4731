import BlueprintFeedFormats
import BlueprintFeedModel
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// Folders without a server: the names taken, `add --folder`, `move`, `list` (text and
/// `--json`), lists written before folders, a damaged folder, OPML in and out.
@Suite("folders", .timeLimit(.minutes(10)))
struct FeedFolderTests {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-folders", terminal: nil) }

  /// A local feed file `name`, its path.
  func feedFile(_ name: String, title: String) throws -> String {
    try home.write(FeedSamples.rss(title: title, count: 1), to: name)
  }

  /// Each feed's folder by URL, from `list --json`.
  func folders(_ home: FeedHome) throws -> [String: String] {
    let list = try home.run("list", "--json").output
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any])
    let feeds = try #require(object["feeds"] as? [[String: Any]])
    var folders: [String: String] = [:]
    for feed in feeds {
      let url = try #require(feed["url"] as? String)
      folders[url] = feed["folder"] as? String ?? "-"
    }
    return folders
  }

  @Test(
    "a folder name is trimmed; empty, invisible controls and over 100 characters are refused",
    arguments: [
      (" Tech ", "Tech"), ("Ünïcode 📰", "Ünïcode 📰"), ("a/b", "a/b"),
      (String(repeating: "x", count: 100), String(repeating: "x", count: 100)),
    ])
  func validNames(typed: String, kept: String) throws {
    #expect(try FeedFolder.validated(typed) == kept)
  }

  @Test(
    "names that are not folder names say why",
    arguments: [
      ("  ", FeedFolderError.empty), ("a\u{1}b", .invisibleCharacter("\u{1}")),
      ("a\nb", .invisibleCharacter("\n")), ("evil\u{202E}", .invisibleCharacter("\u{202E}")),
      ("x\u{2028}y", .invisibleCharacter("\u{2028}")),
      (String(repeating: "x", count: 101), .tooLong(101)),
    ])
  func refusedNames(typed: String, error: FeedFolderError) {
    #expect(throws: error) { try FeedFolder.validated(typed) }
  }

  @Test("add --folder files the feed; move changes it or takes it out; list shows it")
  func addMoveList() throws {
    let one = try feedFile("one.xml", title: "One")
    let two = try feedFile("two.xml", title: "Two")
    let added = try home.run("add", one, "--folder", "  Tech ")
    #expect(added.output.hasPrefix("Added feed 1 in the folder Tech: "), "\(added.output)")
    // No feed in a folder: no folder column.
    try home.run("add", two)
    #expect(try folders(home) == ["file://\(one)": "Tech", "file://\(two)": "-"])
    let header = try home.run("list").output.split(separator: "\n")[0]
    #expect(header.contains("Folder"))

    #expect(try home.run("move", "2", "News").output == "Feed 2 (Two) is now in the folder News\n")
    #expect(try home.run("move", "1").output == "Feed 1 (One) is now in no folder\n")
    #expect(try folders(home) == ["file://\(one)": "-", "file://\(two)": "News"])
    try home.run("move", "2")
    #expect(!(try home.run("list").output.contains("Folder")))
  }

  @Test(
    "a name that is no folder name is exit 64 and changes nothing",
    arguments: [["add", "FILE", "--folder", ""], ["move", "1", "a\u{7}b"], ["move", "1", " "]])
  func refusedOnTheCommandLine(arguments: [String]) throws {
    let file = try feedFile("one.xml", title: "One")
    try home.run("add", file, "--folder", "Tech")
    let list = home.dataFolder.appendingPathComponent("subscriptions.json")
    let before = try Data(contentsOf: list)
    let result = try home.run(arguments.map { $0 == "FILE" ? file : $0 }, expect: 64)
    #expect(result.error.hasPrefix("\(appIdentity.name): error: invalid value "), "\(result.error)")
    #expect(result.error.contains("a folder name"), "\(result.error)")
    #expect(try Data(contentsOf: list) == before)
  }

  @Test("the feeds screen shows a feed's folder before its state, and nothing for none")
  @MainActor
  func screenRow() throws {
    let url = try #require(URL(string: "https://a.example/feed"))
    var feed = StoredFeed(
      subscription: Subscription(id: "1", url: url, folder: "Tech"), record: FeedRecord())
    #expect(FeedsScreen.row(feed, origin: nil, isRefreshing: false).detail == "Tech · 0 unread")
    #expect(FeedsScreen.row(feed, origin: nil, isRefreshing: true).detail == "Tech · refreshing…")
    feed.subscription.folder = nil
    #expect(FeedsScreen.row(feed, origin: nil, isRefreshing: false).detail == "0 unread")
  }

  @Test("a list written before folders reads as it did, and takes a folder")
  func listBeforeFolders() throws {
    try FileManager.default.createDirectory(at: home.dataFolder, withIntermediateDirectories: true)
    let list = home.dataFolder.appendingPathComponent("subscriptions.json")
    try Data(
      #"{"feeds":[{"id":"1","url":"https://a.example/feed","customTitle":"A"}],"nextID":2}"#.utf8
    ).write(to: list)
    #expect(try folders(home) == ["https://a.example/feed": "-"])
    try home.run("move", "A", "Tech")
    #expect(try folders(home) == ["https://a.example/feed": "Tech"])
  }

  @Test("a stored folder that is no folder name is damage: 65, the file named and kept")
  func damagedFolder() throws {
    try FileManager.default.createDirectory(at: home.dataFolder, withIntermediateDirectories: true)
    let list = home.dataFolder.appendingPathComponent("subscriptions.json")
    let bytes = Data(
      #"{"feeds":[{"id":"1","url":"https://a.example/feed","folder":"a\u0007b"}],"nextID":2}"#
        .utf8)
    try bytes.write(to: list)
    let result = try home.run(["list"], expect: 65)
    #expect(result.error.contains(list.path), "\(result.error)")
    #expect(result.error.contains("feeds[0].folder"), "\(result.error)")
    #expect(try Data(contentsOf: list) == bytes)
  }

  @Test("export nests a folder's feeds under it; import reads them back in their folders")
  func opmlRoundTrip() throws {
    let files = try ["a", "b", "c", "d"].map { try feedFile("\($0).xml", title: $0.uppercased()) }
    try home.run("add", files[0], "--folder", "Tech")
    try home.run("add", files[1])
    try home.run("add", files[2], "--folder", "News & <Views>")
    try home.run("add", files[3], "--folder", "Tech")
    let exported = try home.run("export").output
    let outlines = try OPML.outlines(in: Data(exported.utf8))
    #expect(outlines.map(\.folder) == ["Tech", "Tech", nil, "News & <Views>"])

    let other = try FeedHome(prefix: "feed-folders-import", terminal: nil)
    defer { other.folder.remove() }
    let file = try other.write(exported, to: "subs.opml")
    try other.run("import", file)
    #expect(try folders(other) == folders(home))
  }

  @Test("import: an outline without xmlUrl holding outlines is a folder, the nearest one counts")
  func importNested() throws {
    let file = try home.write(
      """
      <?xml version="1.0"?>
      <opml version="2.0"><body>
        <outline text="Top" xmlUrl="https://top.example/feed"/>
        <outline text="Tech" title="Technology">
          <outline text="A" xmlUrl="https://a.example/feed"/>
          <outline text="Deeper">
            <outline text="B" xmlUrl="https://b.example/feed"/>
          </outline>
        </outline>
        <outline text="">
          <outline text="C" xmlUrl="https://c.example/feed"/>
        </outline>
        <outline text="\(String(repeating: "x", count: 120))">
          <outline text="D" xmlUrl="https://d.example/feed"/>
        </outline>
      </body></opml>
      """, to: "nested.opml")
    let imported = try home.run("import", file)
    #expect(imported.output.hasPrefix("Added 5 feeds"), "\(imported.output)")
    #expect(imported.error.contains("are added in no folder: a folder name has at most 100"))
    #expect(
      try folders(home) == [
        "https://top.example/feed": "-", "https://a.example/feed": "Technology",
        "https://b.example/feed": "Deeper", "https://c.example/feed": "-",
        "https://d.example/feed": "-",
      ])
  }
}
