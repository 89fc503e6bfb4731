import BlueprintFeedModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// Where the sync keeps what it agreed: a state written when the links lived in the
/// marks' file is moved into the subscriptions' journal by the next sync, so that what
/// was agreed before still decides (a feed removed here is unsubscribed there, not
/// brought back as new).
@Suite("feed sync: its state store")
struct FeedSyncStateStoreTests {
  let loopback: FolderSyncLoopbackTests

  init() throws { loopback = try FolderSyncLoopbackTests() }

  /// A state as earlier versions wrote it: feed 1 linked to `feed/1`, agreed in `Tech`.
  func writeOldState() throws -> FeedSyncStateStore {
    let state = FeedSyncStateStore(account: "test", in: loopback.folder.appending("sync"))
    var old = FeedSyncState()
    old.feeds["feed/1"] = SyncedFeed(
      localID: "1", url: try #require(URL(string: "http://127.0.0.1:9/a.xml")), title: "T1",
      folder: "Tech")
    try state.save(old)
    return state
  }

  @Test("the old links decide the next sync: a feed removed here is unsubscribed there")
  func oldLinksMoved() async throws {
    defer { loopback.stop() }
    _ = loopback.server.add("http://127.0.0.1:9/a.xml", folder: "Tech")
    let state = try writeOldState()
    #expect(try state.linkCount() == 1)
    // Removed here after that sync: without the links, a first sync would add it back.
    var syncer = loopback.syncer
    syncer.allowsMassDeletion = true  // the only feed
    let report = try await syncer.syncSubscriptions()
    #expect(report.unsubscribedThere == ["T1"] && report.addedHere.isEmpty)
    #expect(loopback.server.edits.withLock { $0 } == [["ac": "unsubscribe", "s": "feed/1"]])
    #expect(try loopback.store.subscriptions().feeds.isEmpty)
    #expect(try state.load().feeds.isEmpty)
  }

  @Test("moved once: linked feeds stay linked, a rename there comes here, nothing is added")
  func movedOnce() async throws {
    defer { loopback.stop() }
    _ = loopback.server.add("http://127.0.0.1:9/a.xml", folder: "Tech")
    let added = try loopback.store.add(URL(string: "http://127.0.0.1:9/a.xml")!, folder: "Tech")
    #expect(added.id == "1")
    let state = try writeOldState()
    // The server's title is `T1`, as agreed; its folder changed there.
    loopback.server.feeds.withLock { $0["feed/1"]?.folder = "News" }
    let report = try await loopback.syncer.sync()
    #expect(report.addedHere.isEmpty && report.subscribedThere.isEmpty && report.moved == 1)
    #expect(try loopback.folders() == ["http://127.0.0.1:9/a.xml": "News"])
    #expect(try state.links() == ["feed/1": "1"])
    #expect(try state.linkCount() == 1)
    #expect(loopback.server.edits.withLock { $0 }.isEmpty)
  }
}
