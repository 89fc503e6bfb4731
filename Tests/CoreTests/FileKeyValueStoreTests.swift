import Core
import CoreTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("FileKeyValueStore on a real folder")
struct FileKeyValueStoreTests {
  let folder: TemporaryDirectory
  let store: FileKeyValueStore

  init() throws {
    folder = try TemporaryDirectory(prefix: "file-store")
    store = FileKeyValueStore(directory: folder.appending("a/b/store"))
  }

  struct Item: Codable, Equatable {
    var title: String
    var done: Bool
    var url: String
  }

  static func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  @Test("Each key is one pretty-printed JSON file with sorted keys")
  func layout() throws {
    try store.set([Item(title: "milk", done: false, url: "https://x/y")], forKey: "items")
    let text = try String(
      contentsOf: store.directory.appendingPathComponent("items.json"), encoding: .utf8)
    #expect(
      text == """
        [
          {
            "done" : false,
            "title" : "milk",
            "url" : "https://x/y"
          }
        ]

        """)
    #expect(try store.fileURL(forKey: "items").lastPathComponent == "items.json")
  }

  @Test("Files are 0600; the folder and missing parents are 0700")
  func permissions() throws {
    try store.set(1, forKey: "n")
    #expect(try Self.permissions(store.fileURL(forKey: "n").path) == 0o600)
    for path in ["a", "a/b", "a/b/store"] {
      #expect(try Self.permissions(folder.appending(path).path) == 0o700, "\(path)")
    }
  }

  @Test("Writes leave no temporary files; keys skip non-key files")
  func noLeftovers() throws {
    for value in 0..<5 { try store.set(value, forKey: "n") }
    try store.update(forKey: "m", default: 0) { $0 += 1 }
    try Data("x".utf8).write(to: store.directory.appendingPathComponent("notes.txt"))
    try Data("1".utf8).write(to: store.directory.appendingPathComponent(".stale.json"))
    let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
    #expect(Set(names) == ["n.json", "m.json", "notes.txt", ".stale.json"])
    #expect(try store.keys() == ["m", "n"])
  }

  @Test("The first write sweeps temporary files a killed writer left, and an old lock file")
  func sweepsLeftovers() throws {
    let leftover = try FileManager.default.createFolder(store.directory)
      .appendingPathComponent(".n.json.tmp-1f2e3d")
    try Data("[1, 2".utf8).write(to: leftover)
    let oldLock = store.directory.appendingPathComponent(".lock")
    try Data().write(to: oldLock)
    try store.set(1, forKey: "m")
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    #expect(!FileManager.default.fileExists(atPath: oldLock.path))
  }

  @Test("A corrupt file is reported with key and path and kept byte for byte")
  func corruptFile() throws {
    try store.set(Item(title: "a", done: true, url: ""), forKey: "item")
    let url = try store.fileURL(forKey: "item")
    let damaged = Data("{\"title\": \"a\", \"done\": tru".utf8) + Data([0xFF, 0x00])
    try damaged.write(to: url)
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value(Item.self, forKey: "item")
    }
    #expect(error?.message.hasPrefix("stored value for 'item' is corrupt (") == true)
    #expect(error?.message.hasSuffix("left untouched: \(url.path)") == true)
    #expect(error?.exitCode == 65)
    #expect(throws: PersistenceError.self) {
      try store.update(Item.self, forKey: "item") { $0?.done = false }
    }
    #expect(try Data(contentsOf: url) == damaged)
  }

  @Test("A missing field names the field in the message")
  func missingField() throws {
    try Data(#"{"title": "a", "url": ""}"#.utf8).write(
      to: FileManager.default.createFolder(store.directory).appendingPathComponent("item.json"))
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value(Item.self, forKey: "item")
    }
    #expect(error?.message.contains("missing field 'done'") == true)
  }

  @Test("A lock held elsewhere is a timeout error, not a hang", .timeLimit(.minutes(10)))
  func lockTimeout() throws {
    let impatient = FileKeyValueStore(directory: store.directory, lockTimeout: .zero)
    try store.update(forKey: "n", default: 0) { value in
      value += 1
      let error = #expect(throws: PersistenceError.self) { try impatient.set(5, forKey: "n") }
      guard case .lockTimeout(let path, _)? = error else {
        Issue.record("expected lockTimeout, got \(String(describing: error))")
        return
      }
      #expect(path == store.directory.path)
      #expect(error?.exitCode == 75)
    }
    // Once the holder is done, writers get through.
    try store.set(5, forKey: "n")
    #expect(try store.value(Int.self, forKey: "n") == 5)
  }

  @Test("A folder that cannot be created is error 73")
  func cannotCreateFolder() throws {
    try Data().write(to: folder.appending("file"))
    let blocked = FileKeyValueStore(directory: folder.appending("file/sub"))
    let error = #expect(throws: PersistenceError.self) { try blocked.set(1, forKey: "n") }
    guard case .cannotCreateFolder? = error else {
      Issue.record("expected cannotCreateFolder, got \(String(describing: error))")
      return
    }
    #expect(error?.exitCode == 73)
    #expect(error?.message.contains("Not a directory") == true)
  }

  @Test("A folder that cannot be written to is error 74 and keeps the old value")
  func cannotWrite() throws {
    try store.set(1, forKey: "n")
    let restore = try Self.makeUnwritable(store.directory)
    defer { restore() }
    let error = #expect(throws: PersistenceError.self) { try store.set(2, forKey: "n") }
    #expect(error?.exitCode == 74)
    #expect(try store.value(Int.self, forKey: "n") == 1)
  }

  /// Makes `folder` refuse new files: mode 0500, or for root (whom modes do not
  /// stop) the immutable attribute. Returns what undoes it.
  private static func makeUnwritable(_ folder: URL) throws -> () -> Void {
    guard getuid() == 0 else {
      try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
      return {
        try? FileManager.default.setAttributes(
          [.posixPermissions: 0o700], ofItemAtPath: folder.path)
      }
    }
    func chattr(_ flag: String) throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
      process.arguments = [flag, folder.path]
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    try #require(try chattr("+i") == 0, "root needs chattr +i to make a folder unwritable")
    return { _ = try? chattr("-i") }
  }

  @Test("Stores on the same folder see each other's changes", .timeLimit(.minutes(10)))
  func sharedObservation() async throws {
    let other = FileKeyValueStore(directory: store.directory)
    var changes = other.changes(forKey: StoreKey("n", default: -1)).makeAsyncIterator()
    try store.set(7, forKey: "n")
    try store.removeValue(forKey: "n")
    #expect(await changes.next() == 7)
    #expect(await changes.next() == -1)
  }

  @Test("Reading a folder that does not exist yet finds nothing")
  func missingFolder() throws {
    #expect(try store.value(Int.self, forKey: "n") == nil)
    #expect(try store.keys() == [])
    #expect(!FileManager.default.fileExists(atPath: store.directory.path))
  }
}

extension FileManager {
  /// Creates `url` (and parents) and returns it.
  fileprivate func createFolder(_ url: URL) throws -> URL {
    // 0700 whatever the umask, as the store itself would create it.
    try createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return url
  }
}
