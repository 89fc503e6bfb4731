import Core
import CoreTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The version an update keeps (`<key>.json.last-good`), and the oldest one's file reused
/// for the next write instead of a new file: only when nothing else can see it.
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

  @Test("an update keeps the value it replaced, in the file of the version before it")
  func reusesTheOldestFile() throws {
    let oldest = try inode(path + ".last-good")
    let replaced = try inode(path)
    try store.update(forKey: "v", default: "") { $0 = "third" }
    #expect(try store.value(String.self, forKey: "v") == "third")
    #expect(try text(path + ".last-good") == "\"second\"\n")
    // The value replaced is kept as it was (a link, no copy); the new value went into
    // the file that held the oldest version, cut to its length.
    #expect(try inode(path + ".last-good") == replaced)
    #expect(try inode(path) == oldest)
    #expect(try text(path) == "\"third\"\n")
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
    // As a write killed between keeping the value and replacing it leaves them.
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
}
