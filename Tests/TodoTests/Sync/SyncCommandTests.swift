import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// A connector on one in-memory remote: its one list is the remote itself.
final class MemoryConnector: TodoSyncConnector, @unchecked Sendable {
  let remote: InMemorySyncRemote
  private let lock = NSLock()
  private var created: [String] = []
  private var accesses: [TodoSyncAccess] = []

  init(remote: InMemorySyncRemote) { self.remote = remote }

  /// The access each discovery or creation was given, in order.
  var accessesSeen: [TodoSyncAccess] { lock.withLock { accesses } }

  func remote(for config: TodoSyncConfig) throws -> any SyncRemote { remote }
  func lists(at url: URL, access: TodoSyncAccess) async throws -> [TodoSyncList] {
    lock.withLock {
      accesses.append(access)
      return created.map { TodoSyncList(url: "memory:/user/tasks/", name: $0) }
    }
  }
  func createList(named name: String, at url: URL, access: TodoSyncAccess) async throws
    -> TodoSyncList
  {
    lock.withLock {
      accesses.append(access)
      created.append(name)
    }
    return TodoSyncList(url: "memory:/user/tasks/", name: name)
  }
  func addressSegment(forListNamed name: String) -> String { "tasks" }
  func passwordSource(for url: URL, access: TodoSyncAccess) -> String? { "memory" }
}

/// One todo home (temporary XDG folders) run in-process with a connector.
struct SyncHome {
  let folder: TemporaryDirectory
  let connector: MemoryConnector

  init(_ connector: MemoryConnector) throws {
    folder = try TemporaryDirectory(prefix: "todo-sync")
    self.connector = connector
  }

  struct Run {
    var code: ExitCode
    var output: String
    var error: String
  }

  @MainActor
  func run(_ arguments: String...) async -> Run { await run(arguments) }

  @MainActor
  func run(_ arguments: [String]) async -> Run {
    let captured = CapturedIO(outputIsTerminal: false)
    let app = CommandLineApp(spec: TodoCommands.spec)
    let connector = self.connector
    let code = await app.run(
      arguments: arguments, environment: folder.isolatedEnvironment(["TZ": "UTC"]),
      io: captured.io
    ) { command, context in
      try await TodoCommands.run(command, in: context, connector: connector)
    }
    return Run(code: code, output: captured.output, error: captured.error)
  }
}

@Suite("todo sync through the command line, on the in-memory remote")
struct SyncCommandTests {
  @Test("setup's --user, --password-command and --ca-file reach the server and are kept")
  @MainActor
  func setupAccessOptions() async throws {
    let connector = MemoryConnector(remote: InMemorySyncRemote())
    let home = try SyncHome(connector)
    let ca = home.folder.appending("ca.pem")
    try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: ca)
    let setup = await home.run(
      "sync", "setup", "https://dav.example.com/", "--list", "Chores", "--user", "ada",
      "--password-command", "printf s3cret", "--ca-file", ca.path)
    #expect(setup.code == .ok, "\(setup.error)")
    let expected = TodoSyncAccess(
      user: "ada", passwordCommand: "printf s3cret", caFile: ca.standardizedFileURL.path)
    #expect(connector.accessesSeen == [expected, expected])  // discovery, then creation
    let configFolder = home.folder.appending("config/\(appIdentity.family)")
    #expect(try TodoSyncConfig.load(from: configFolder)?.access == expected)
    // A later setup without the options keeps them; a given one replaces its own alone.
    let again = await home.run(
      "sync", "setup", "https://dav.example.com/", "--list", "Chores", "--user", "bob")
    #expect(again.code == .ok, "\(again.error)")
    var replaced = expected
    replaced.user = "bob"
    #expect(connector.accessesSeen.last == replaced)
    #expect(try TodoSyncConfig.load(from: configFolder)?.access == replaced)
  }

  @Test("setup's options given to sync or status are refused, naming where they go")
  @MainActor
  func setupOptionsElsewhere() async throws {
    let home = try SyncHome(MemoryConnector(remote: InMemorySyncRemote()))
    let cases = [
      (["sync", "--user", "ada"], "--user"),
      (["sync", "status", "--ca-file", "/x.pem"], "--ca-file"),
    ]
    for (arguments, option) in cases {
      let result = await home.run(arguments)
      #expect(result.code == .usage, "\(arguments)")
      #expect(
        result.error.contains("hint: '\(option)' goes with '\(appIdentity.name) sync setup'"),
        "\(result.error)")
    }
  }

  @Test(
    "setup refuses a password command without a user and a CA file it cannot read, saving nothing",
    arguments: [
      (["--password-command", "pass dav"], ExitCode.usage, "--password-command needs --user"),
      (
        ["--ca-file", "/no/such/ca.pem"], ExitCode.noInput,
        "cannot read the CA file /no/such/ca.pem"
      ),
      (["--ca-file", "/"], ExitCode.noInput, "cannot read the CA file /"),
    ])
  @MainActor
  func setupAccessRefused(options: [String], code: ExitCode, message: String) async throws {
    let connector = MemoryConnector(remote: InMemorySyncRemote())
    let home = try SyncHome(connector)
    let arguments = ["sync", "setup", "https://dav.example.com/", "--list", "Chores"] + options
    let result = await home.run(arguments)
    #expect(result.code == code)
    #expect(result.error.hasPrefix("\(appIdentity.name): error: \(message)"), "\(result.error)")
    #expect(connector.accessesSeen.isEmpty)
    let configFolder = home.folder.appending("config/\(appIdentity.family)")
    #expect(try TodoSyncConfig.load(from: configFolder) == nil)
  }

  @Test(
    "setup refuses an address that is not http(s) with the address to try (64), saving nothing",
    arguments: [
      ("dav.example.com", "e.g. todo sync setup https://dav.example.com"),
      ("localhost:5232/", "e.g. todo sync setup https://localhost:5232/"),
      ("ftp://dav.example.com/", "e.g. todo sync setup https://dav.example.com/"),
      ("https:///tasks", "e.g. todo sync setup https://dav.example.com/"),
    ])
  @MainActor
  func setupAddressRefused(address: String, hint: String) async throws {
    let connector = MemoryConnector(remote: InMemorySyncRemote())
    let home = try SyncHome(connector)
    let result = await home.run("sync", "setup", address, "--list", "Chores")
    #expect(result.code == .usage)
    #expect(
      result.error
        == "\(appIdentity.name): error: '\(address)' is not a server's http or https address\n"
        + "hint: \(hint.replacingOccurrences(of: "todo ", with: "\(appIdentity.name) "))\n")
    #expect(connector.accessesSeen.isEmpty)
    let configFolder = home.folder.appending("config/\(appIdentity.family)")
    #expect(try TodoSyncConfig.load(from: configFolder) == nil)
  }

  @Test("not set up: says how; setup creates the list and keeps it in the config folder")
  @MainActor
  func setup() async throws {
    let home = try SyncHome(MemoryConnector(remote: InMemorySyncRemote()))
    let before = await home.run("sync")
    #expect(before.code == .usage)
    #expect(
      before.error.hasPrefix(
        "\(appIdentity.name): error: sync is not set up\nhint: run '\(appIdentity.name) sync setup URL'"
      ))
    let setup = await home.run("sync", "setup", "https://dav.example.com/", "--list", "Chores")
    #expect(setup.code == .ok, "\(setup.error)")
    #expect(setup.output == "syncing with Chores  memory:/user/tasks/\n")
    let config = try TodoSyncConfig.load(
      from: home.folder.appending("config/\(appIdentity.family)"))
    #expect(
      config
        == TodoSyncConfig(
          server: "https://dav.example.com/", list: "memory:/user/tasks/", listName: "Chores"))
    let bad = await home.run("sync", "frobnicate")
    #expect(bad.code == .usage)
  }

  @Test("two homes converge; counts, dry run and status are printed")
  @MainActor
  func twoHomes() async throws {
    let connector = MemoryConnector(remote: InMemorySyncRemote())
    let laptop = try SyncHome(connector)
    let desktop = try SyncHome(connector)
    for home in [laptop, desktop] {
      _ = await home.run("sync", "setup", "https://dav.example.com/", "--list", "Chores")
    }
    _ = await laptop.run("add", "Buy milk", "+shop", "!high", "due:2026-12-24")
    _ = await laptop.run("add", "Call mom")
    let dry = await laptop.run("sync", "--dry-run")
    #expect(dry.output == "sent 2, received 0, merged 0, deleted 0 (dry run: nothing written)\n")
    #expect(connector.remote.items.isEmpty)
    let status = await laptop.run("sync", "status")
    #expect(status.output.contains("last sync: never\nwaiting to go out: 2\n"))

    let first = await laptop.run("sync")
    #expect(first.output == "sent 2, received 0, merged 0, deleted 0\n", "\(first.error)")
    let second = await desktop.run("sync")
    #expect(second.output == "sent 0, received 2, merged 0, deleted 0\n")
    let shown = await desktop.run("list", "--json")
    #expect(shown.output.contains("\"title\":\"Buy milk\""))
    #expect(shown.output.contains("\"due\":\"2026-12-24\""))

    // Ids are each home's own: find "Buy milk" on the desktop by its title.
    let milk = try #require(
      (try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [[String: Any]])?
        .first { $0["title"] as? String == "Buy milk" }?["id"] as? Int)
    _ = await desktop.run("done", String(milk))
    _ = await laptop.run("rm", "2")  // "Call mom" here
    _ = await desktop.run("sync")
    let back = await laptop.run("sync")
    #expect(
      back.output == "sent 0, received 1, merged 0, deleted 1\n", "\(connector.remote.requestLog)")
    _ = await desktop.run("sync")
    let laptopList = await laptop.run("list", "--all", "--json")
    let desktopList = await desktop.run("list", "--all", "--json")
    // Each home numbers its items itself: compare everything but the ids.
    func withoutIDs(_ json: String) throws -> [String] {
      let items = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
      return try (items ?? []).map { item in
        var item = item
        item["id"] = nil
        return String(
          decoding: try JSONSerialization.data(withJSONObject: item, options: .sortedKeys),
          as: UTF8.self)
      }
    }
    #expect(try withoutIDs(laptopList.output) == withoutIDs(desktopList.output))
    #expect(laptopList.output.contains("\"done\":true"))
    let after = await laptop.run("sync", "status")
    #expect(after.output.contains("waiting to go out: 0\n"))
    #expect(!after.output.contains("last sync: never"))
  }

  @Test("an item another client wrote keeps what todo does not know through an edit here")
  @MainActor
  func interop() async throws {
    let remote = InMemorySyncRemote()
    remote.put(TodoVTODOTests.tasksOrg, at: "/user/tasks/8203949188377281122.ics")
    let home = try SyncHome(MemoryConnector(remote: remote))
    _ = await home.run("sync", "setup", "https://dav.example.com/", "--list", "Chores")
    let first = await home.run("sync")
    #expect(first.output == "sent 0, received 1, merged 0, deleted 0\n")
    _ = await home.run("edit", "1", "--title", "Call the plumber again")
    _ = await home.run("reopen", "1")
    let second = await home.run("sync")
    #expect(second.output == "sent 1, received 0, merged 0, deleted 0\n", "\(second.error)")
    let body = try #require(remote.items["/user/tasks/8203949188377281122.ics"]?.body)
    for kept in [
      "RELATED-TO;RELTYPE=PARENT:1234567", "X-APPLE-SORT-ORDER:5", "BEGIN:VALARM",
      "TRIGGER;RELATED=END:PT0S", "CATEGORIES:house", "CATEGORIES:urgent", "PRIORITY:2",
      "CREATED:20261201T115500Z",
    ] {
      #expect(body.contains(kept + "\r\n"), "\(kept)")
    }
    #expect(body.contains("SUMMARY:Call the plumber again\r\n"))
    #expect(!body.contains("STATUS:COMPLETED"))
    #expect(body.contains("SEQUENCE:1\r\n"))
  }

  @Test("a failure midway says the sync stopped and exits 69; the next sync finishes")
  @MainActor
  func interrupted() async throws {
    let remote = InMemorySyncRemote()
    let home = try SyncHome(MemoryConnector(remote: remote))
    _ = await home.run("sync", "setup", "https://dav.example.com/", "--list", "Chores")
    _ = await home.run("add", "one")
    _ = await home.run("add", "two")
    remote.failRequest(remote.requestCount + 3)
    let failed = await home.run("sync")
    #expect(failed.code == .unavailable)
    #expect(failed.error.hasPrefix("\(appIdentity.name): error: the sync stopped: "))
    #expect(
      failed.error.contains("hint: run '\(appIdentity.name) sync' again: what was done is kept"))
    let again = await home.run("sync")
    #expect(again.code == .ok)
    #expect(remote.items.count == 2)
    #expect(again.output == "sent 1, received 0, merged 0, deleted 0\n")
  }
}
