import BlueprintFeedFormats
import BlueprintFeedModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// A home and a ``GoogleReaderFake`` about to sync, whose two stores — the feeds' and
/// the sync state's — are real files behind a ``FailingKeyValueStore``, so that a test
/// can fill the disk at any write of the sync.
///
/// ``Shape/firstSync``: feeds on both sides, two of them the same, never synced; here an
/// item fetched from the site that the server also has, starred, and a read one of a feed
/// only here; there a read item and a starred one. ``Shape/changedSinceLastSync``: synced,
/// then changed on both sides — here, two feeds added (one with a title of its
/// own), one removed, one renamed, an item read and one made unread again, a star and
/// an unstar; on the server, by another reader, new items, a feed added with a starred
/// item (and a read one, which a sync does not fetch), one unsubscribed, one renamed, an
/// item read and one starred.
struct FullDiskSyncScenario {
  /// What the two sides hold before the sync.
  enum Shape: String, CaseIterable, Sendable {
    case firstSync, changedSinceLastSync
  }

  let fake: GoogleReaderFake
  let folder: TemporaryDirectory
  /// The disk under the feeds' store.
  let feedDisk: FailingKeyValueStore
  /// The disk under the sync state.
  let stateDisk: FailingKeyValueStore
  let store: FeedStore
  let syncer: FeedSyncer

  static let now = Date(timeIntervalSince1970: 1_796_000_000)

  init(_ shape: Shape = .changedSinceLastSync) async throws {
    fake = try GoogleReaderFake()
    folder = try TemporaryDirectory()
    feedDisk = FailingKeyValueStore(FileKeyValueStore(directory: folder.appending("data")))
    stateDisk = FailingKeyValueStore(FileKeyValueStore(directory: folder.appending("sync")))
    store = FeedStore(store: feedDisk)
    var syncer = FeedSyncer(
      store: store, client: Self.client(fake), state: FeedSyncStateStore(store: stateDisk))
    syncer.now = { Self.now }
    self.syncer = syncer
    switch shape {
    case .firstSync: try await neverSynced()
    case .changedSinceLastSync:
      try await syncOnce()
      try await changeBothSides()
    }
  }

  /// The disk of `kind`.
  func disk(_ kind: Disk) -> FailingKeyValueStore {
    kind == .feeds ? feedDisk : stateDisk
  }

  /// Which store's disk fills up.
  enum Disk: String, CaseIterable, Sendable {
    case feeds, syncState
  }

  func stop() {
    fake.stop()
    folder.remove()
  }

  /// A client of `fake`, as this home or another reader logs in.
  static func client(_ fake: GoogleReaderFake) -> GoogleReaderClient {
    GoogleReaderClient(
      base: fake.api, http: FeedSyncConnection(environment: [:], userAgent: "feed-tests/1").http,
      credentials: SyncCredentials(user: GoogleReaderFake.user, password: GoogleReaderFake.password)
    )
  }

  // MARK: - The two sides

  /// The address of the feed `name` (its site is never asked).
  static func site(_ name: String) throws -> URL {
    try #require(URL(string: "http://127.0.0.1:9/\(name).xml"))
  }

  /// a, b and c on the server, a, b and x here.
  private func neverSynced() async throws {
    var published: [String: UInt64] = [:]
    for name in ["a", "b", "c"] {
      let stream = fake.subscribe(try Self.site(name).absoluteString, title: name)
      for number in 1...2 {
        published["\(name) \(number)"] = fake.publish("\(name) \(number)", in: stream)
      }
    }
    fake.mark("a 1", read: true)
    let c2 = GoogleReaderItemID(try #require(published["c 2"]))
    try await Self.client(fake).setState(GoogleReaderClient.starred, true, for: [c2])
    let a = try store.add(try Self.site("a"))
    let link = "http://example.com/\(try #require(published["a 2"]))"
    try addSiteItem("a 2", to: a.id, title: "a's site", link: link, starred: true)
    _ = try store.add(try Self.site("b"), title: "Bee")
    let x = try store.add(try Self.site("x"))
    try addSiteItem("x 1", to: x.id, title: "x's site", read: true)
  }

  /// Five subscriptions of two items each on the server, synced here; `a 1` read and
  /// `b 1` starred here, and synced again.
  private func syncOnce() async throws {
    for name in ["a", "b", "c", "d", "e"] {
      let stream = fake.subscribe(try Self.site(name).absoluteString, title: name)
      for number in 1...2 { fake.publish("\(name) \(number)", in: stream) }
    }
    _ = try await syncer.sync()
    try mark("a 1", read: true)
    try mark("b 1", starred: true)
    _ = try await syncer.sync()
  }

  private func changeBothSides() async throws {
    let x = try store.add(try Self.site("x"), title: "Ex")
    try addSiteItem("x 1", to: x.id, title: "x's site", read: true)
    let y = try store.add(try Self.site("y"))
    try addSiteItem("y 1", to: y.id, title: "y's site", starred: true)
    try store.remove(try feedID("d"))
    try store.rename(try feedID("b"), to: "Bee")
    try mark("a 1", read: false)
    try mark("a 2", read: true)
    try mark("c 1", starred: true)
    try mark("b 1", starred: false)

    let other = Self.client(fake)
    fake.publish("a 3", in: "feed/1")
    fake.publish("c 3", in: "feed/3")
    let f = fake.subscribe(try Self.site("f").absoluteString, title: "f")
    for number in 1...2 { fake.publish("f \(number)", in: f) }
    fake.mark("f 2", read: true)
    fake.mark("b 2", read: true)
    let starred = try ["f 1", "c 2"].map { title in
      GoogleReaderItemID(try #require(fake.item(title)).id)
    }
    try await other.setState(GoogleReaderClient.starred, true, for: starred)
    try await other.rename("feed/3", to: "Sea")
    try await other.unsubscribe("feed/5")
  }

  /// The local id of the feed at `name`'s site.
  func feedID(_ name: String) throws -> String {
    try #require(
      try store.subscriptions().feeds.first {
        $0.url.absoluteString == "http://127.0.0.1:9/\(name).xml"
      }
    ).id
  }

  /// Marks the item titled `title` here.
  private func mark(_ title: String, read: Bool? = nil, starred: Bool? = nil) throws {
    let feed = try #require(
      try store.feeds().first { $0.record.items.contains { $0.title == title } })
    let item = try #require(feed.record.items.first { $0.title == title }).id
    try store.updateRecord(feed.id) { record in
      if read == true { record.read.insert(item) }
      if read == false { record.read.remove(item) }
      if starred == true { record.starred.insert(item) }
      if starred == false { record.starred.remove(item) }
    }
  }

  /// An item fetched from the feed's site, as `feed add` saves it.
  private func addSiteItem(
    _ title: String, to id: String, title site: String, link: String? = nil, read: Bool = false,
    starred: Bool = false
  ) throws {
    try store.updateRecord(id) { record in
      record.title = site
      let link = URL(
        string: link ?? "http://127.0.0.1:9/" + title.replacingOccurrences(of: " ", with: "/"))
      let id = title.replacingOccurrences(of: " ", with: "-")
      record.merge([ParsedItem(id: id, title: title, link: link)], now: Self.now, limit: 50)
      if read { record.read.insert(id) }
      if starred { record.starred.insert(id) }
    }
  }

  // MARK: - Outcome

  /// What a sync leaves on both sides, one line per feed and per item, to compare runs.
  struct Outcome: Equatable {
    var here: [String]
    var server: [String]
  }

  func outcome() throws -> Outcome {
    var here: [String] = []
    for feed in try store.feeds() {
      let subscription = feed.subscription
      here.append(
        "feed \(subscription.id) \(subscription.url.absoluteString) "
          + "title \(subscription.customTitle ?? "-") site \(feed.record.title ?? "-")")
      for item in feed.record.items {
        here.append(
          "item \(item.id) \(item.title ?? "-")"
            + Self.marks(
              read: feed.record.read.contains(item.id),
              starred: feed.record.starred.contains(item.id)))
      }
    }
    let server =
      fake.feeds.map { "feed \($0.stream) \($0.url) title \($0.title)" }
      + fake.items.map {
        "item \($0.id) \($0.stream) \($0.title)" + Self.marks(read: $0.read, starred: $0.starred)
      }
    return Outcome(here: here, server: server)
  }

  private static func marks(read: Bool, starred: Bool) -> String {
    (read ? " read" : "") + (starred ? " starred" : "")
  }
}
