import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures

/// Nothing lost when a person changes their mind, through the built `todo` against a
/// real Radicale: another list set up (a first sync with it, deleting nothing), the
/// earlier one set up again (converging, no duplicates), a state kept before states
/// were kept per list, the guard against emptying a side, and `undo` of a sync.
@Suite(
  "todo sync: another list, the guard, undo — against Radicale",
  .enabled(
    if: radicaleURL != nil,
    "BLUEPRINT_CALDAV_URL is not set: no CalDAV server to sync with (.ci/run starts Radicale and sets it)"
  ), .timeLimit(.minutes(10)))
struct SyncChangeOfMindTests {
  let base = radicaleURL ?? URL(fileURLWithPath: "/")
  let user = "mind\(UUID().uuidString.prefix(8).lowercased())"

  func list(_ segment: String) throws -> CalDAVCollection {
    CalDAVCollection(
      url: base.appendingPathComponent("\(user)/\(segment)/"),
      client: try #require(CurlHTTPClient(userAgent: "blueprint-tests/1.0", retryPolicy: .none)),
      credentials: SyncCredentials(user: user, password: "unused"))
  }

  /// The titles on the server list at `segment`, sorted.
  func titles(_ segment: String) async throws -> [String] {
    let list = try list(segment)
    let listing = try await list.changes(since: nil)
    return try await list.fetch(listing.changed.map(\.href)).compactMap { item in
      try ICalendarComponent(parsing: item.body).component("VTODO")?.text("SUMMARY")
    }.sorted()
  }

  /// The titles `todo list --all --json` prints, sorted.
  func localTitles(_ home: SyncingHome) throws -> [String] {
    try home.items().map { String($0.prefix { $0 != " " }) }
  }

  @Test("another list is a first sync: nothing deleted; switching back converges, no duplicates")
  func switchLists() async throws {
    let home = try SyncingHome(user: user)
    for title in ["Milk", "Eggs", "Bread"] { try home.output(["add", title]) }
    try home.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    #expect(try home.output(["sync"]).hasPrefix("sent 3, received 0"))

    let setup = try home.output(["sync", "setup", base.absoluteString, "--list", "Groceries"])
    #expect(setup.contains("syncing with Groceries"))
    let status = try home.output(["sync", "status"])
    #expect(status.contains("list: Groceries"))
    #expect(status.contains("last sync: never"), "the status describes the new list")
    #expect(status.contains("waiting to go out: 3"))
    #expect(
      try home.output(["sync", "--dry-run"]).hasPrefix("sent 3, received 0, merged 0, deleted 0"))
    #expect(try home.output(["sync"]).hasPrefix("sent 3, received 0, merged 0, deleted 0"))
    #expect(try localTitles(home) == ["Bread", "Eggs", "Milk"])
    #expect(try await titles("groceries") == ["Bread", "Eggs", "Milk"])
    #expect(try await titles("chores") == ["Bread", "Eggs", "Milk"])

    try home.output(["add", "Butter"])
    #expect(try home.output(["sync"]).hasPrefix("sent 1, received 0"))
    // Back to the first list, named in another case: its state is found again.
    #expect(
      try home.output(["sync", "setup", base.absoluteString, "--list", "chores"]).contains(
        "syncing with Chores"))
    #expect(try home.output(["sync"]).hasPrefix("sent 1, received 0, merged 0, deleted 0"))
    #expect(try await titles("chores") == ["Bread", "Butter", "Eggs", "Milk"])
    #expect(try localTitles(home) == ["Bread", "Butter", "Eggs", "Milk"])
    #expect(try home.output(["sync"]).hasPrefix("sent 0, received 0, merged 0, deleted 0"))
  }

  @Test("a state kept before states were per list: kept for its own list, not used for another")
  func stateFromBefore() async throws {
    let home = try SyncingHome(user: user)
    for title in ["Milk", "Eggs"] { try home.output(["add", title]) }
    try home.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    try home.output(["sync"])
    // Lay the state out as a build before this one did: in sync/ itself.
    let sync = home.home.storeFile.deletingLastPathComponent().appendingPathComponent("sync")
    let files = FileManager.default
    let account = try #require(try files.contentsOfDirectory(atPath: sync.path).first)
    for name in try files.contentsOfDirectory(atPath: sync.appendingPathComponent(account).path) {
      try files.moveItem(
        at: sync.appendingPathComponent(account).appendingPathComponent(name),
        to: sync.appendingPathComponent(name))
    }
    try files.removeItem(at: sync.appendingPathComponent(account))

    // The case that lost a list: set up another, then sync.
    try home.output(["sync", "setup", base.absoluteString, "--list", "Groceries"])
    #expect(try home.output(["sync"]).hasPrefix("sent 2, received 0, merged 0, deleted 0"))
    #expect(try localTitles(home) == ["Eggs", "Milk"])
    // The old state still belongs to Chores: taken up there, nothing sent twice.
    try home.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    #expect(try home.output(["sync"]).hasPrefix("sent 0, received 0, merged 0, deleted 0"))
    #expect(try await titles("chores") == ["Eggs", "Milk"])
  }

  @Test("a server list emptied: the sync stops, says what and how; forced, then undone, then sent")
  func guardAndUndo() async throws {
    let home = try SyncingHome(user: user)
    for title in ["Milk", "Eggs", "Bread"] { try home.output(["add", title]) }
    try home.output(["sync", "setup", base.absoluteString, "--list", "Chores"])
    try home.output(["sync"])
    let chores = try list("chores")
    for resource in try await chores.changes(since: nil).changed {
      try await chores.delete(at: resource.href, ifMatch: try #require(resource.etag))
    }

    for arguments in [["sync"], ["sync", "--dry-run"]] {
      let refused = try home.home.run(arguments)
      #expect(refused.status == 65)
      #expect(refused.error.contains("would delete 3 of the 3 todos here"))
      #expect(refused.error.contains("Milk"))
      #expect(refused.error.contains("sync --force-delete"))
      #expect(try localTitles(home) == ["Bread", "Eggs", "Milk"], "nothing deleted")
    }
    #expect(
      try home.output(["sync", "--force-delete"]).hasPrefix(
        "sent 0, received 0, merged 0, deleted 3"))
    #expect(try localTitles(home).isEmpty)

    #expect(try home.output(["undo"]).contains("sync — 3 deleted"))
    #expect(try localTitles(home) == ["Bread", "Eggs", "Milk"])
    #expect(try home.output(["sync"]).hasPrefix("sent 3, received 0, merged 0, deleted 0"))
    #expect(try await titles("chores") == ["Bread", "Eggs", "Milk"])

    // Emptied here: the server's items are not deleted.
    try home.output(["rm", "1", "2", "3"])
    let refused = try home.home.run(["sync"])
    #expect(refused.status == 65)
    #expect(refused.error.contains("would delete 3 of the 3 todos on the server"))
    #expect(try await titles("chores") == ["Bread", "Eggs", "Milk"])
  }

  @Test("a list the server has under another name answers with its name, not a bare 409")
  func listAtTakenAddress() async throws {
    let home = try SyncingHome(user: user)
    let server = CalDAVServer(
      url: base,
      client: try #require(CurlHTTPClient(userAgent: "blueprint-tests/1.0", retryPolicy: .none)),
      credentials: SyncCredentials(user: user, password: "unused"))
    _ = try await server.makeCalendar(named: "chores", displayName: "House")
    let taken = try home.home.run(["sync", "setup", base.absoluteString, "--list", "Chores"])
    #expect(taken.status == 69)
    #expect(taken.error.contains("a task list already exists at"))
    #expect(taken.error.contains("'House'"))
    #expect(taken.error.contains("--list 'House'"))
    #expect(!taken.error.contains("HTTP 409 from"))
  }

  @Test("no password anywhere for --user: the hint says so, for that user and host")
  func noPassword() throws {
    let home = try SyncingHome(user: user)
    try FileManager.default.removeItem(at: home.home.folder.appending(".netrc"))
    let result = try home.home.run(["sync", "setup", base.absoluteString, "--user", "alice"])
    #expect(result.status != 0)
    #expect(result.error.contains("no password was found for alice at 127.0.0.1"))
    #expect(result.error.contains("~/.netrc"))
  }
}
