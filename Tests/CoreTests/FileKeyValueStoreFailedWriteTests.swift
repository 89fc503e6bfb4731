import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import CoreBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a write that fails or is killed at each of its steps leaves — the file, its
/// last good version, the message — and what a reader that has the file open reads.
@Suite("FileKeyValueStore's failed and killed writes")
struct FileKeyValueStoreFailedWriteTests {
  let folder: TemporaryDirectory
  let store: FileKeyValueStore
  let path: String

  init() throws {
    folder = try TemporaryDirectory(prefix: "failed-write")
    store = FileKeyValueStore(directory: folder.appending("store"))
    try store.update(forKey: "v", default: "") { $0 = "first" }
    try store.update(forKey: "v", default: "") { $0 = "second" }
    path = try store.fileURL(forKey: "v").path
  }

  private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  private func leftovers() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
      .filter { $0.contains(".tmp-") }
  }

  /// Updates `v` to "third" with `step` failing with `code`; returns the error.
  private func failingUpdate(at step: WriteFaults.Step, code: Int32) throws -> PersistenceError {
    WriteFaults.set(
      WriteFaults.Plan { $0 == step ? code : nil }, forFolder: store.directory.path)
    defer { WriteFaults.set(nil, forFolder: store.directory.path) }
    do {
      try store.update(forKey: "v", default: "") { $0 = "third" }
    } catch let error as PersistenceError {
      return error
    }
    throw CancellationError()
  }

  // MARK: - Readers

  @Test("a reader that opened the file reads the whole version it opened, across two writes")
  func readerKeepsItsVersion() throws {
    let opened = try bytes(path)
    let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? reader.close() }
    try store.update(forKey: "v", default: "") { $0 = "third, much longer than the second was" }
    try store.update(forKey: "v", default: "") { $0 = "4th" }
    #expect(try reader.readToEnd() == opened)
    #expect(try store.value(String.self, forKey: "v") == "4th")
  }

  @Test("a reader never sees a value whose write failed before its commit")
  func readerNeverSeesAFailedWrite() throws {
    try store.update(forKey: "v", default: "") { $0 = "third" }
    // The file that held "second" is now last-good: the next write must not use it.
    let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: path + ".last-good"))
    defer { try? reader.close() }
    let opened = try bytes(path + ".last-good")
    WriteFaults.set(
      WriteFaults.Plan { $0 == .syncTemporary ? EIO : nil }, forFolder: store.directory.path)
    defer { WriteFaults.set(nil, forFolder: store.directory.path) }
    #expect(throws: PersistenceError.self) {
      try store.update(forKey: "v", default: "") { $0 = "never stored" }
    }
    #expect(try reader.readToEnd() == opened)
    #expect(try store.value(String.self, forKey: "v") == "third")
  }

  // MARK: - Failures

  @Test(
    "a write that fails before its commit leaves the file and last-good as they were",
    arguments: WriteFaults.Step.allCases.filter { $0 != .commit && !$0.isAfterCommit },
    [EIO, ENOSPC])
  func failureBeforeCommit(step: WriteFaults.Step, code: Int32) throws {
    let value = try bytes(path)
    let lastGood = try bytes(path + ".last-good")
    let error = try failingUpdate(at: step, code: code)
    #expect(error.exitCode == 74)
    #expect(error.message.hasPrefix("cannot write 'v'"))
    #expect(error.appError.message.hasSuffix("the previous version is still in place"))
    #expect(try bytes(path) == value)
    #expect(try bytes(path + ".last-good") == lastGood)
    #expect(try leftovers() == [])
  }

  @Test("a commit that fails leaves the file and last-good as they were", arguments: [EIO, ENOSPC])
  func failedCommit(code: Int32) throws {
    let value = try bytes(path)
    let lastGood = try bytes(path + ".last-good")
    let error = try failingUpdate(at: .commit, code: code)
    #expect(error.appError.message.hasSuffix("the previous version is still in place"))
    #expect(try bytes(path) == value)
    #expect(try bytes(path + ".last-good") == lastGood)
    #expect(try leftovers() == [])
  }

  @Test("when last-good cannot be replaced, the error says the new value is stored")
  func lastGoodNotReplaced() throws {
    let lastGood = try bytes(path + ".last-good")
    let error = try failingUpdate(at: .keepPrevious, code: EPERM)
    #expect(error.exitCode == 74)
    #expect(error.message.hasPrefix("wrote 'v' to "))
    #expect(error.appError.message.contains("v.json was written, but the version before"))
    #expect(!error.appError.message.contains("previous version is still in place"))
    #expect(try store.value(String.self, forKey: "v") == "third")
    #expect(try bytes(path + ".last-good") == lastGood)
    #expect(try leftovers() == [])
  }

  @Test("when the folder's sync fails after the commit, the message says the value is stored")
  func folderSyncFails() throws {
    let error = try failingUpdate(at: .syncFolder, code: EIO)
    #expect(error.exitCode == 74)
    let message = error.appError.message
    #expect(message.contains("v.json was written, but syncing its folder failed (fsync: "))
    #expect(message.contains("the change may not survive a crash or power loss"))
    #expect(!message.contains("previous version is still in place"))
    #expect(try store.value(String.self, forKey: "v") == "third")
    #expect(try String(contentsOfFile: path + ".last-good", encoding: .utf8) == "\"second\"\n")
  }

  @Test(
    "observers see a value that was stored though a step after the commit failed",
    .timeLimit(.minutes(10)))
  func observersSeeAStoredValue() async throws {
    var changes = store.changes(forKey: StoreKey("v", default: "")).makeAsyncIterator()
    _ = try failingUpdate(at: .syncFolder, code: EIO)
    // The folder's watcher may first send the value it read before the commit.
    var seen: [String] = []
    while let value = await changes.next() {
      seen.append(value)
      if value == "third" { break }
    }
    #expect(seen.last == "third")
    #expect(seen.allSatisfy { ["second", "third"].contains($0) })
  }

  // MARK: - Kills

  @Test(
    "a write killed at any step leaves a valid file and a valid last-good",
    arguments: WriteFaults.Step.allCases)
  func killed(step: WriteFaults.Step) async throws {
    let value = try bytes(path)
    let lastGood = try bytes(path + ".last-good")
    let process = try FileKeyValueStoreProcessTests.helperProcess(
      ["kill-at", store.directory.path, "v", step.rawValue])
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGKILL)
    if step == .commit || !step.isAfterCommit {
      #expect(try bytes(path) == value)
      #expect(try bytes(path + ".last-good") == lastGood)
    } else {
      #expect(try store.value(String.self, forKey: "v") == "killed write")
      let kept = try String(contentsOfFile: path + ".last-good", encoding: .utf8)
      #expect(kept == "\"first\"\n" || kept == "\"second\"\n")
    }
    // The next write through a new store sweeps what the killed one left.
    let next = FileKeyValueStore(directory: store.directory)
    try next.update(forKey: "v", default: "") { $0 = "after" }
    #expect(try leftovers() == [])
    #expect(try next.value(String.self, forKey: "v") == "after")
  }
}
