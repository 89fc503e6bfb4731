import Core
import CoreTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

#if os(Linux)
  /// The writers' queue stays one queue when its file comes and goes.
  @Suite("The writers' queue")
  struct LockQueueTests {
    @Test(
      "a writer that opened the queue just before the last one out removed it queues behind newcomers"
    )
    func reopensARemovedQueue() throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("lock-queue-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      try #require(descriptor >= 0)
      defer { close(descriptor) }
      let later = ContinuousClock.now.advanced(by: .seconds(60))

      // A late writer opens the queue file while the only writer in it works.
      let late = try #require(LockQueue.openQueue(in: descriptor, at: folder.path))
      let first = try #require(
        try LockQueue.waitForTurn(on: descriptor, at: folder.path, until: later))
      first.leave()  // the last one out removes the file
      #expect(!FileManager.default.fileExists(atPath: late.path))
      // A newcomer queues in a new file and holds its turn.
      let newcomer = try #require(
        try LockQueue.waitForTurn(on: descriptor, at: folder.path, until: later))
      defer { newcomer.leave() }

      // The late writer queues behind the newcomer, in the same file: it does not get
      // a turn while the newcomer holds one.
      #expect(throws: FolderLock.TimedOut.self) {
        try LockQueue.waitForTurn(
          opened: late, on: descriptor, at: folder.path,
          until: .now.advanced(by: .milliseconds(200)))
      }
    }

    @Test("a lone writer takes the free lock without making the queue's file")
    func loneWriterSkipsTheQueue() throws {
      let folder = try TemporaryDirectory(prefix: "lock-queue-lone")
      let queueFile = folder.url.appendingPathComponent(LockQueue.fileName).path
      let ran = try FolderLock.withExclusiveLock(onFolder: folder.url.path, timeout: .seconds(60)) {
        #expect(!FileManager.default.fileExists(atPath: queueFile))
        return true
      }
      #expect(ran)
    }

    @Test("a newcomer does not take the free lock while a writer is queued")
    func newcomerQueuesBehindAQueuedWriter() throws {
      let folder = try TemporaryDirectory(prefix: "lock-queue-queued")
      let descriptor = open(folder.url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      try #require(descriptor >= 0)
      defer { close(descriptor) }
      // A writer holds its turn (between its turn and the folder's lock): the lock is free.
      let queued = try #require(
        try LockQueue.waitForTurn(
          on: descriptor, at: folder.url.path, until: .now.advanced(by: .seconds(60))))
      defer { queued.leave() }
      var ran = false
      #expect(throws: FolderLock.TimedOut.self) {
        try FolderLock.withExclusiveLock(onFolder: folder.url.path, timeout: .milliseconds(200)) {
          ran = true
        }
      }
      #expect(!ran)
    }
  }
#endif
