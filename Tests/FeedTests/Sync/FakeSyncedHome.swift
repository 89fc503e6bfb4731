import BlueprintFeedFeatures
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

/// A home of the built `feed` set up to sync with a ``GoogleReaderFake``, and what its
/// `read --json` and `list --json` say.
struct FakeSyncedHome {
  let syncing: SyncingFeedHome
  var home: FeedHome { syncing.home }

  /// A home whose `~/.netrc` holds the fake's password, set up with `sync setup`.
  init(_ fake: GoogleReaderFake, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    syncing = try SyncingFeedHome(user: GoogleReaderFake.user, password: GoogleReaderFake.password)
    try await syncing.home.runToExit(
      ["sync", "setup", fake.api.absoluteString], sourceLocation: sourceLocation)
  }

  /// One item as `read --json` gives it.
  struct Item: Decodable, Equatable {
    var id: String
    var feedTitle: String
    var title: String?
    var read: Bool
    var starred: Bool
  }

  /// One feed as `list --json` gives it.
  struct Feed: Decodable, Equatable {
    var id: String
    var url: String
    var title: String
  }

  /// Every item, from a new process's `read --json`.
  func items() async throws -> [Item] {
    struct List: Decodable { var items: [Item] }
    let json = try await home.runToExit(["read", "--json"]).standardOutput
    return try JSONDecoder().decode(List.self, from: json).items
  }

  /// The item titled `title`.
  func item(_ title: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> Item
  {
    try #require(try await items().first { $0.title == title }, sourceLocation: sourceLocation)
  }

  /// Every feed, from a new process's `list --json`.
  func feeds() async throws -> [Feed] {
    struct List: Decodable { var feeds: [Feed] }
    let json = try await home.runToExit(["list", "--json"]).standardOutput
    return try JSONDecoder().decode(List.self, from: json).feeds
  }

  /// A command context of the app in this home, as the running app makes one.
  func context() -> CommandContext {
    CommandContext(
      identity: appIdentity, environment: home.environment,
      io: CapturedIO(outputIsTerminal: false).io)
  }

  func stop() { syncing.stop() }
}
