import Core
import CoreBase
import CoreTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// FileKeyValueStore's observers see commits other processes make: the folder is
/// watched (inotify on Linux) while anyone observes. Each test waits for what it
/// expects; the time limits only guard against a hang.
@Suite("FileKeyValueStore's observers see other processes' commits", .timeLimit(.minutes(10)))
struct LiveStoreTests {
  let folder: TemporaryDirectory
  let store: FileKeyValueStore

  init() throws {
    folder = try TemporaryDirectory(prefix: "live-store")
    store = FileKeyValueStore(directory: folder.url)
  }

  /// Commits `text` as another process does: a new file renamed over `<key>.json`,
  /// so that only the folder's events can tell this process.
  static func commit(_ text: String, key: String, in folder: String) throws {
    let temporary = folder + "/." + key + ".json.tmp-test"
    try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
    guard rename(temporary, folder + "/" + key + ".json") == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  /// The bytes `changes` gives next, as text (`nil` for a removal).
  static func next(_ changes: inout AsyncStream<Data?>.Iterator) async -> String?? {
    guard let data = await changes.next() else { return .none }
    return .some(data.map { String(decoding: $0, as: UTF8.self) })
  }

  @Test("Another process's 1,000 commits arrive in order, never going back, ending at the last")
  func thousandCommits() async throws {
    let helper = try FileKeyValueStoreProcessTests.helperProcess(
      ["increment", folder.path, "counter", "1000"])
    var changes = store.changes(forKey: StoreKey("counter", default: 0)).makeAsyncIterator()
    try helper.run()
    var seen: [Int] = []
    while let value = await changes.next() {
      seen.append(value)
      if value == 1000 { break }
    }
    helper.waitUntilExit()
    #expect(helper.terminationStatus == 0)
    #expect(seen.last == 1000)
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "went back: \(seen)")
  }

  @Test("A file renamed over the key's, then deleted, is seen each time")
  func renameOverAndDelete() async throws {
    try store.set(1, forKey: "n")
    var changes = store.dataChanges(forKey: "n").makeAsyncIterator()
    try Self.commit("2\n", key: "n", in: folder.path)
    #expect(await Self.next(&changes) == "2\n")
    try Self.commit("3\n", key: "n", in: folder.path)
    #expect(await Self.next(&changes) == "3\n")
    #expect(unlink(folder.path + "/n.json") == 0)
    #expect(await Self.next(&changes) == .some(nil))
  }

  @Test("This process's own write is seen once, not again when its event comes")
  func ownWriteOnce() async throws {
    var changes = store.dataChanges(forKey: "n").makeAsyncIterator()
    try store.set(1, forKey: "n")
    try Self.commit("2\n", key: "n", in: folder.path)
    #expect(await Self.next(&changes) == "1\n")
    let got = await Self.next(&changes)
    #expect(got == "2\n", "\(String(describing: got))")
  }

  @Test("The folder removed, then made again and written: both are seen")
  func folderRemovedAndBack() async throws {
    try store.set(1, forKey: "n")
    var changes = store.dataChanges(forKey: "n").makeAsyncIterator()
    try FileManager.default.removeItem(atPath: folder.path)
    #expect(await Self.next(&changes) == .some(nil))
    try FileManager.default.createDirectory(
      atPath: folder.path, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try Self.commit("5\n", key: "n", in: folder.path)
    #expect(await Self.next(&changes) == "5\n")
  }

  @Test("A folder that does not exist yet is watched from the folder above it")
  func folderMadeLater() async throws {
    let later = FileKeyValueStore(directory: folder.url.appendingPathComponent("a/b"))
    var changes = later.dataChanges(forKey: "n").makeAsyncIterator()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/a/b", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try Self.commit("7\n", key: "n", in: folder.path + "/a/b")
    let got = await Self.next(&changes)
    #expect(got == "7\n", "\(String(describing: got))")
  }

  @Test("A damaged file is skipped by typed observers, which go on with the next good value")
  func damagedFile() async throws {
    var raw = store.dataChanges(forKey: "n").makeAsyncIterator()
    var typed = store.changes(forKey: StoreKey("n", default: 0)).makeAsyncIterator()
    try Self.commit("{not json", key: "n", in: folder.path)
    #expect(await Self.next(&raw) == "{not json")
    try Self.commit("9\n", key: "n", in: folder.path)
    #expect(await typed.next() == 9)
  }

  @Test("A file that cannot be read (a FIFO) is reported once; observers go on after it")
  func unreadable() async throws {
    var reports = store.watchReports().makeAsyncIterator()
    var changes = store.dataChanges(forKey: "n").makeAsyncIterator()
    let fifo = folder.path + "/.n.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(rename(fifo, folder.path + "/n.json") == 0)
    let report = await reports.next()
    #expect(report?.kind == .unreadable && report?.key == "n", "\(String(describing: report))")
    try Self.commit("3\n", key: "n", in: folder.path)
    #expect(await Self.next(&changes) == "3\n")
  }

  #if canImport(Glibc)
    @Test("An overflowed event queue reads every watched key again")
    func overflow() async throws {
      let limit =
        try Int(
          String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 16384
      try store.set(1, forKey: "n")
      try store.set(0, forKey: "other")
      var changes = store.dataChanges(forKey: "n").makeAsyncIterator()
      var reports = store.watchReports().makeAsyncIterator()
      try store.withWatchingSuspended {
        // Each rename is two events: the queue overflows before the commit of `n`.
        let (a, b) = (folder.path + "/other.json", folder.path + "/moved.json")
        for _ in 0..<(limit / 2 + 16) {
          #expect(rename(a, b) == 0)
          #expect(rename(b, a) == 0)
        }
        try Self.commit("2\n", key: "n", in: folder.path)
      }
      #expect(await reports.next()?.kind == .overflowed)
      #expect(await Self.next(&changes) == "2\n")
    }
  #endif

  @Test("Where the system cannot watch, the store says so once and checks with stat")
  func fallback() async throws {
    FolderWatcher.simulatedFailures.withLock { $0[folder.path] = ENOSPC }
    defer { _ = FolderWatcher.simulatedFailures.withLock { $0.removeValue(forKey: folder.path) } }
    var reports = store.watchReports().makeAsyncIterator()
    var changes = store.dataChanges(forKey: "n").makeAsyncIterator()
    let report = await reports.next()
    #expect(report?.kind == .polling)
    #expect(report?.message.contains("max_user_watches") == true, "\(String(describing: report))")
    try Self.commit("4\n", key: "n", in: folder.path)
    #expect(await Self.next(&changes) == "4\n")
    // A later observer of the reports hears it too, first.
    var later = store.watchReports().makeAsyncIterator()
    #expect(await later.next()?.kind == .polling)
  }

  @Test("Nothing watches until something observes, and watching stops after the last")
  func watchesOnlyWhileObserved() async throws {
    try store.set(1, forKey: "n")
    #expect(!store.isWatching)
    let task = Task { [store] in
      for await _ in store.dataChanges(forKey: "n") { return }
    }
    while !store.isWatching { await Task.yield() }
    try Self.commit("2\n", key: "n", in: folder.path)
    await task.value
    while store.isWatching { await Task.yield() }
  }
}
