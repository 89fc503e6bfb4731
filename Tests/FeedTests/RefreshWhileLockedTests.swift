import BlueprintFeedModel
import Core
import CoreTesting
import Foundation
import Testing

/// A refresh while another process holds the store's lock: each feed's save waits
/// on a thread of its own (Core's `BlockingWork`), never on the two threads of the
/// cooperative pool, so fetches, parses and the app's other tasks go on; quitting
/// abandons the saves that have not started writing, and nothing is written.
///
/// Real processes and real files are the point; every wait is for what the
/// refresher reports, bounded by a hang guard, never a sleep.
@Suite("refresh while another process holds the store's lock", .timeLimit(.minutes(10)))
struct RefreshWhileLockedTests {
  let folder: TemporaryDirectory
  let store: FeedStore
  let feeds: [Subscription]

  init() throws {
    folder = try TemporaryDirectory(prefix: "feed-refresh-lock")
    // A long lock wait: on a loaded machine the holder may be let go of late.
    store = FeedStore(
      store: FileKeyValueStore(directory: folder.appending("data"), lockTimeout: .seconds(300)))
    var feeds: [Subscription] = []
    for number in 1...3 {
      let url = folder.appending("feed-\(number).xml")
      try Data(FeedSamples.rss(title: "Feed \(number)", count: 2).utf8).write(to: url)
      feeds.append(try store.add(url))
    }
    self.feeds = feeds
  }

  /// Holds the store's lock from another process (started off the pool).
  private func holdLock() async throws -> HeldLock {
    let (data, environment) = (folder.appending("data"), ProcessInfo.processInfo.environment)
    return try await offThePool {
      HeldLock(try StoreLockHolder(folder: data, environment: environment))
    }
  }

  /// Starts the refresh and returns once every feed's save waits for the lock.
  private func refreshUntilEverySaveWaits(_ work: BlockingWork) async -> Task<
    [RefreshResult], any Error
  > {
    let (store, feeds) = (store, feeds)
    let refresh = Task {
      try await FeedSamples.refresher(store, work: work).refresh(feeds)
    }
    await waitUntil("every feed waiting for the lock") { work.runningLabels.count >= feeds.count }
    return refresh
  }

  @Test("three saves wait at once, and the pool still runs other work; quitting abandons them")
  func quitWhileSavesWait() async throws {
    let holder = try await holdLock()
    let work = BlockingWork()
    let refresh = await refreshUntilEverySaveWaits(work)
    // Three saves wait and the pool has two threads: a task on the pool still runs.
    #expect(await Task.detached { 6 * 7 }.value == 42)
    let abandoned = await work.settle()
    #expect(Set(abandoned) == Set((1...3).map { "save the refresh of Feed \($0)" }))
    let holderStatus = try await holder.release()
    #expect(holderStatus == 0)
    let results = try await refresh.value
    #expect(results.allSatisfy { $0.saveFailed && $0.isFailure })
    for feed in feeds { #expect(try store.record(feed.id).items.isEmpty) }
  }

  @Test("once the other process lets go, every waiting save is made")
  func savedWhenReleased() async throws {
    let holder = try await holdLock()
    let work = BlockingWork()
    let refresh = await refreshUntilEverySaveWaits(work)
    let holderStatus = try await holder.release()
    #expect(holderStatus == 0)
    let results = try await refresh.value
    #expect(results.map(\.outcome) == Array(repeating: .updated(new: 2, total: 2), count: 3))
    for feed in feeds { #expect(try store.record(feed.id).items.count == 2) }
  }
}

/// The lock holder, passed between the test and the threads that start and release
/// it (both block, so neither runs on the pool).
///
/// `@unchecked Sendable`: one task at a time uses it — the test awaits each step.
private final class HeldLock: @unchecked Sendable {
  private let holder: StoreLockHolder

  init(_ holder: StoreLockHolder) { self.holder = holder }

  /// Lets go of the lock, off the pool; the holder's exit status.
  func release() async throws -> Int32 {
    try await offThePool { try self.holder.release() }
  }
}
