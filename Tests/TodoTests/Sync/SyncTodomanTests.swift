import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures

/// todoman's `todo` program (`.ci/run` installs todoman 4.7 beside Radicale and sets
/// `BLUEPRINT_TODOMAN`), or `nil` without it.
private let todoman = ProcessInfo.processInfo.environment["BLUEPRINT_TODOMAN"].flatMap {
  $0.isEmpty ? nil : URL(fileURLWithPath: $0)
}
private let caldavURL = ProcessInfo.processInfo.environment["BLUEPRINT_CALDAV_URL"].flatMap {
  $0.isEmpty ? nil : URL(string: $0)
}

/// Items todo writes, read by todoman from the server's copies; an item todoman writes, synced in and back.
@Suite(
  "todoman and todo read what the other writes",
  .enabled(
    if: todoman != nil && caldavURL != nil,
    "BLUEPRINT_TODOMAN or BLUEPRINT_CALDAV_URL is not set: no todoman or CalDAV server (.ci/run installs and starts them)"
  ), .timeLimit(.minutes(10)))
struct SyncTodomanTests {
  @Test("title, note, due, priority, tags and done come out of todoman as todo put them in")
  func todomanReads() async throws {
    let base = try #require(caldavURL)
    let (home, user) = try Self.home()
    try home.output([
      "add", "Pay rent, twice; then rest", "--due", "2026-12-24", "--priority", "high",
      "--tag", "home", "--tag", "money",
    ])
    try home.output(["add", "Call Bob"])
    try home.output(["note", "2", "about the party"])
    try home.output(["done", "2"])
    try home.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    try home.output(["sync"])

    // The server's copies into a vdir, as vdirsyncer would leave them for todoman.
    let list = CalDAVCollection(
      url: base.appendingPathComponent("\(user)/chores/"),
      client: try #require(CurlHTTPClient(userAgent: "blueprint-tests/1.0", retryPolicy: .none)),
      credentials: SyncCredentials(user: user, password: "unused"))
    let items = try await list.fetch(try await list.changes(since: nil).changed.map(\.href))
    #expect(items.count == 2)
    let vdir = home.folder.appending("vdir/chores")
    try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
    for (index, item) in items.enumerated() {
      try Data(item.body.utf8).write(to: vdir.appendingPathComponent("\(index).ics"))
    }
    let read = try #require(
      try JSONSerialization.jsonObject(
        with: try runTodoman(["--porcelain", "list", "--status", "ANY"], in: home))
        as? [[String: Any]])
    let rent = try #require(read.first { $0["summary"] as? String == "Pay rent, twice; then rest" })
    #expect(rent["priority"] as? Int == 1)
    #expect((rent["categories"] as? [String])?.sorted() == ["home", "money"])
    #expect(rent["completed"] as? Bool == false)
    // todoman gives a due date as seconds since 1970 at local midnight (TZ=UTC here).
    #expect(rent["due"] as? Int == 1_798_070_400)
    let call = try #require(read.first { $0["summary"] as? String == "Call Bob" })
    #expect(call["completed"] as? Bool == true)
    #expect(call["description"] as? String == "about the party")
  }

  @Test("an item todoman writes syncs in, is edited here, goes back whole, and todoman reads it")
  func todomanWrites() async throws {
    let base = try #require(caldavURL)
    let (home, user) = try Self.home()
    try home.output(["sync", "setup", base.absoluteString, "--list", "Chores"])

    // todoman writes an item into its vdir; it goes to the server as vdirsyncer sends it.
    let vdir = home.folder.appending("vdir/chores")
    try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
    _ = try runTodoman(
      [
        "new", "-l", "chores", "--due", "2026-12-24", "--priority", "high", "--location", "Bank",
        "Pay rent",
      ], in: home)
    let file = try #require(
      try FileManager.default.contentsOfDirectory(at: vdir, includingPropertiesForKeys: nil).first)
    let written = try String(contentsOf: file, encoding: .utf8)
    #expect(written.contains("PRODID:nl.whynothugo.todoman"))
    let list = CalDAVCollection(
      url: base.appendingPathComponent("\(user)/chores/"),
      client: try #require(CurlHTTPClient(userAgent: "blueprint-tests/1.0", retryPolicy: .none)),
      credentials: SyncCredentials(user: user, password: "unused"))
    let href = list.href(forNewItemNamed: "from-todoman")
    _ = try await list.create(written, at: href)

    #expect(try home.output(["sync"]).hasPrefix("sent 0, received 1"))
    let show = try home.output(["show", "1"])
    #expect(show.contains("Pay rent") && show.contains("2026-12-24") && show.contains("high"))
    try home.output(["edit", "1", "--title", "Pay the rent"])
    try home.output(["done", "1"])
    #expect(try home.output(["sync"]).hasPrefix("sent 1"))

    let back = try #require(try await list.fetch([href]).first?.body)
    // The server's body as read: CRLF lines come through the XML reply as LF.
    let lines = Set(back.split(whereSeparator: \.isNewline).map(String.init))
    for kept in [
      "PRODID:nl.whynothugo.todoman", "LOCATION:Bank", "PRIORITY:4", "DUE;VALUE=DATE:20261224",
      "SUMMARY:Pay the rent", "STATUS:COMPLETED", "SEQUENCE:2",
    ] {
      #expect(lines.contains(kept), "\(kept) is not in \(back)")
    }
    // todoman reads the edit back from its vdir, its own fields intact.
    try Data(back.utf8).write(to: file)
    let read = try #require(
      try JSONSerialization.jsonObject(
        with: try runTodoman(["--porcelain", "list", "--status", "ANY"], in: home))
        as? [[String: Any]])
    #expect(read.count == 1)
    #expect(read.first?["summary"] as? String == "Pay the rent")
    #expect(read.first?["completed"] as? Bool == true)
    #expect(read.first?["location"] as? String == "Bank")
  }

  /// A todo home whose `~/.netrc` names a user of its own on the test server.
  private static func home() throws -> (TodoHome, String) {
    let user = "tm\(UUID().uuidString.prefix(8).lowercased())"
    return (try SyncingHome(user: user).home, user)
  }

  /// Runs todoman in `home` on its vdir (`vdir/*`); returns its standard output.
  private func runTodoman(_ arguments: [String], in home: TodoHome) throws -> Data {
    let config = home.folder.appending("tm-config/todoman")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data(
      """
      path = "\(home.folder.path)/vdir/*"
      date_format = "%Y-%m-%d"
      time_format = "%H:%M"
      default_list = "chores"

      """.utf8
    ).write(to: config.appendingPathComponent("config.py"))
    let process = Process()
    process.executableURL = todoman
    process.arguments = arguments
    process.environment = home.folder.isolatedEnvironment([
      "XDG_CONFIG_HOME": home.folder.appending("tm-config").path, "TZ": "UTC", "LANG": "C.UTF-8",
    ])
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "todoman \(arguments.joined(separator: " "))")
    return data
  }
}
