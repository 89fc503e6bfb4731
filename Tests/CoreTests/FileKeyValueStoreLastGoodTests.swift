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

/// The version an update keeps (`<key>.json.last-good`): a second name for the file it
/// replaced, never a file written into, and never lost to a planted file.
@Suite("FileKeyValueStore's last good version")
struct FileKeyValueStoreLastGoodTests {
  let folder: TemporaryDirectory
  let store: FileKeyValueStore
  let path: String

  init() throws {
    folder = try TemporaryDirectory(prefix: "last-good")
    store = FileKeyValueStore(directory: folder.appending("store"))
    try store.update(forKey: "v", default: "") { $0 = "first, and longer than what follows" }
    try store.update(forKey: "v", default: "") { $0 = "second" }
    path = try store.fileURL(forKey: "v").path
  }

  private func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  private func inode(_ path: String) throws -> UInt64 {
    var info = stat()
    try #require(lstat(path, &info) == 0)
    return UInt64(info.st_ino)
  }

  private func kind(_ path: String) throws -> mode_t {
    var info = stat()
    try #require(lstat(path, &info) == 0)
    return info.st_mode & S_IFMT
  }

  @Test("an update keeps the file it replaced as last-good and writes a new one")
  func keepsTheReplacedFile() throws {
    let oldest = try inode(path + ".last-good")
    let replaced = try inode(path)
    try store.update(forKey: "v", default: "") { $0 = "third" }
    #expect(try store.value(String.self, forKey: "v") == "third")
    #expect(try text(path + ".last-good") == "\"second\"\n")
    // The value replaced is kept as it was (a link, no copy); the new value is a new
    // file, so nothing that had the old ones open sees them change.
    #expect(try inode(path + ".last-good") == replaced)
    #expect(try inode(path) != oldest)
    #expect(try inode(path) != replaced)
    #expect(try FileKeyValueStoreHostileTests.permissions(path) == 0o600)
    let left = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted()
    #expect(left == ["v.json", "v.json.last-good"])
  }

  @Test("a last good version with another link (a copy made with ln) is never written into")
  func keepsALinkedCopy() throws {
    let copy = folder.appending("copy.json").path
    try #require(link(path + ".last-good", copy) == 0)
    try store.update(forKey: "v", default: "") { $0 = "third" }
    #expect(try text(copy) == "\"first, and longer than what follows\"\n")
    #expect(try text(path + ".last-good") == "\"second\"\n")
    #expect(try store.value(String.self, forKey: "v") == "third")
  }

  @Test(
    "a last good version that is the value's own file (an interrupted write) is not overwritten")
  func keepsTheValueItself() throws {
    try FileManager.default.removeItem(atPath: path + ".last-good")
    try #require(link(path, path + ".last-good") == 0)
    try store.update(forKey: "v", default: "") { $0 = "third" }
    #expect(try text(path + ".last-good") == "\"second\"\n")
    #expect(try store.value(String.self, forKey: "v") == "third")
  }

  @Test("a symbolic link as the last good version is replaced, and its target left alone")
  func leavesALinkTarget() throws {
    let elsewhere = folder.appending("elsewhere.json").path
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: elsewhere))
    try FileManager.default.removeItem(atPath: path + ".last-good")
    try FileManager.default.createSymbolicLink(
      atPath: path + ".last-good", withDestinationPath: elsewhere)
    try store.update(forKey: "v", default: "") { $0 = "third" }
    #expect(try text(elsewhere) == "mine\n")
    #expect(try text(path + ".last-good") == "\"second\"\n")
    #expect(try store.value(String.self, forKey: "v") == "third")
  }

  @Test("a FIFO planted as the last good version is replaced, never opened: no writer blocks")
  func replacesAFIFO() throws {
    let lastGood = path + ".last-good"
    try FileManager.default.removeItem(atPath: lastGood)
    try #require(mkfifo(lastGood, 0o600) == 0)
    let store = store
    let done = DispatchSemaphore(value: 0)
    let outcome = Locked<Result<Void, any Error>?>(nil)
    Thread.detachNewThread {
      let result = Result { try store.update(forKey: "v", default: "") { $0 = "third" } }
      outcome.withLock { $0 = result }
      done.signal()
    }
    // Hang guard only: a writer that opened the FIFO to write would block until a
    // reader comes; one is opened after the deadline, so the test fails, not hangs.
    let finished = done.wait(timeout: .now() + 60) == .success
    if !finished {
      let reader = open(lastGood, O_RDONLY | O_NONBLOCK)
      done.wait()
      close(reader)
    }
    #expect(finished, "the write blocked on the FIFO")
    try outcome.withLock { try #require($0).get() }
    #expect(try kind(lastGood) == S_IFREG)
    #expect(try text(lastGood) == "\"second\"\n")
    #expect(try store.value(String.self, forKey: "v") == "third")
  }

  @Test("a folder planted as the last good version is refused before anything is written")
  func refusesAFolder() throws {
    let lastGood = path + ".last-good"
    try FileManager.default.removeItem(atPath: lastGood)
    try FileManager.default.createDirectory(atPath: lastGood, withIntermediateDirectories: false)
    #expect {
      try store.update(forKey: "v", default: "") { $0 = "third" }
    } throws: { error in
      guard case .cannotWrite(_, _, let underlying) = error as? PersistenceError else {
        return false
      }
      return underlying as? StoreFileProblem
        == .lastGoodInTheWay(path: lastGood, kind: FileKind(mode: S_IFDIR))
    }
    let error = #expect(throws: PersistenceError.self) {
      try store.update(forKey: "v", default: "") { $0 = "third" }
    }
    #expect(
      error?.appError.message
        == "cannot write \(path): \(lastGood), where the version before a change is kept, is a "
        + "folder; nothing was written; the previous version is still in place")
    #expect(try store.value(String.self, forKey: "v") == "second")
    #expect(try kind(lastGood) == S_IFDIR)
  }

  @Test(
    "where a hard link cannot be made, the version before is kept as a copy",
    arguments: [EPERM, EMLINK, EOPNOTSUPP])
  func copiesWithoutLinks(code: Int32) throws {
    WriteFaults.set(
      WriteFaults.Plan { $0 == .linkPrevious ? code : nil }, forFolder: store.directory.path)
    defer { WriteFaults.set(nil, forFolder: store.directory.path) }
    let replaced = try inode(path)
    try store.update(forKey: "v", default: "") { $0 = "third" }
    #expect(try text(path + ".last-good") == "\"second\"\n")
    #expect(try inode(path + ".last-good") != replaced)
    #expect(try FileKeyValueStoreHostileTests.permissions(path + ".last-good") == 0o600)
    #expect(try store.value(String.self, forKey: "v") == "third")
    let left = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted()
    #expect(left == ["v.json", "v.json.last-good"])
  }
}
