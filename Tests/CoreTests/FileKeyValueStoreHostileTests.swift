import Core
import CoreTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a hostile or unusual file system does to `FileKeyValueStore`: FIFOs and
/// devices where files should be, links, folders other users can change.
@Suite("FileKeyValueStore and hostile files", .timeLimit(.minutes(10)))
struct FileKeyValueStoreHostileTests {
  let folder: TemporaryDirectory
  let store: FileKeyValueStore

  init() throws {
    folder = try TemporaryDirectory(prefix: "hostile-store")
    store = FileKeyValueStore(directory: folder.appending("store"))
    try store.set(1, forKey: "seed")
  }

  var directory: String { store.directory.path }

  // MARK: - Not a regular file

  @Test("A FIFO where a value should be is an error, not a hang, and stays a FIFO")
  func fifo() throws {
    let path = try store.fileURL(forKey: "n").path
    try #require(mkfifo(path, 0o600) == 0)
    for attempt in ["read", "update", "set"] {
      let error = #expect(throws: PersistenceError.self, "\(attempt)") {
        switch attempt {
        case "read": _ = try store.value(Int.self, forKey: "n")
        case "update": try store.update(forKey: "n", default: 0) { $0 += 1 }
        default: try store.set(2, forKey: "n")
        }
      }
      #expect(error?.exitCode == 74, "\(attempt)")
      #expect(error?.message.contains("it is a FIFO, not a regular file; left untouched") == true)
      #expect(error?.hint?.hasPrefix("move it out of the way (mv ") == true)
      #expect(Self.isFIFO(path), "\(attempt) left the FIFO alone")
    }
    // The lock was released each time: the next writer gets through at once.
    try store.set(3, forKey: "other")
  }

  static func isFIFO(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
  }

  @Test("A link to /dev/zero is refused, not read without bound")
  func deviceLink() throws {
    let path = try store.fileURL(forKey: "n").path
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
    let error = #expect(throws: PersistenceError.self) { _ = try store.data(forKey: "n") }
    #expect(error?.message.contains("it is a character device, not a regular file") == true)
    #expect(throws: PersistenceError.self) {
      try store.updateData(forKey: "n") { $0 = Data("1".utf8) }
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "/dev/zero")
  }

  @Test("A file larger than maximumFileSize is refused and kept", arguments: [99, 100, 101])
  func sizeBound(size: Int) throws {
    let bounded = FileKeyValueStore(directory: store.directory, maximumFileSize: 100)
    let bytes = Data(repeating: 0x20, count: size - 1) + Data("1".utf8)
    try bytes.write(to: bounded.fileURL(forKey: "n"))
    if size <= 100 {
      #expect(try bounded.data(forKey: "n") == bytes)
    } else {
      let error = #expect(throws: PersistenceError.self) { _ = try bounded.data(forKey: "n") }
      #expect(error?.exitCode == 74)
      #expect(error?.message.contains("holds 101 bytes, more than the 100 bytes") == true)
      #expect(throws: PersistenceError.self) {
        try bounded.update(forKey: "n", default: 0) { $0 += 1 }
      }
      #expect(try Data(contentsOf: bounded.fileURL(forKey: "n")) == bytes)
    }
  }

  @Test(
    "A value larger than maximumFileSize is never written; the old one stays",
    arguments: [100, 101])
  func writeBound(size: Int) throws {
    let bounded = FileKeyValueStore(directory: store.directory, maximumFileSize: 100)
    try bounded.setData(Data("old".utf8), forKey: "n")
    let bytes = Data(repeating: 0x31, count: size)
    if size <= 100 {
      try bounded.setData(bytes, forKey: "n")
      #expect(try bounded.data(forKey: "n") == bytes)
      return
    }
    for write in [
      { try bounded.setData(bytes, forKey: "n") },
      { try bounded.updateData(forKey: "n") { $0 = bytes } },
    ] {
      let error = #expect(throws: PersistenceError.self) { try write() }
      #expect(error?.exitCode == 74)
      #expect(
        error?.message.contains("takes 101 bytes, more than the 100 bytes this store reads") == true
      )
      #expect(error?.hint == "remove some of what is stored, then try again")
      #expect(try bounded.data(forKey: "n") == Data("old".utf8))
    }
  }

  @Test("The default bound is generous enough for a 200 MB store")
  func defaultBound() {
    #expect(FileKeyValueStore.defaultMaximumFileSize >= 1_000_000_000)
    #expect(store.maximumFileSize == FileKeyValueStore.defaultMaximumFileSize)
  }

  // MARK: - Links

  @Test("A linked value is written through the link, beside its target; the link stays")
  func writesThroughLink() throws {
    let elsewhere = try TemporaryDirectory(prefix: "dotfiles")
    let target = elsewhere.appending("n.json")
    try Data("1\n".utf8).write(to: target)
    let link = try store.fileURL(forKey: "n").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)

    try store.update(forKey: "n", default: 0) { $0 += 1 }
    try store.set(5, forKey: "n")

    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target.path)
    #expect(try String(contentsOf: target, encoding: .utf8) == "5\n")
    #expect(try store.value(Int.self, forKey: "n") == 5)
    // The previous value is kept beside the target; no temporary file is left anywhere.
    #expect(
      try String(contentsOf: elsewhere.appending("n.json.last-good"), encoding: .utf8) == "1\n")
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path)) == [
        "n.json", "n.json.last-good",
      ])
  }

  @Test("A relative link and a dangling link are followed; the target is created")
  func relativeAndDanglingLinks() throws {
    try FileManager.default.createDirectory(
      at: folder.appending("dot"), withIntermediateDirectories: true)
    let link = try store.fileURL(forKey: "n").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../dot/n.json")
    #expect(try store.value(Int.self, forKey: "n") == nil)
    try store.set(7, forKey: "n")
    #expect(try String(contentsOf: folder.appending("dot/n.json"), encoding: .utf8) == "7\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../dot/n.json")
  }

  @Test("A lock or temporary file planted as a link is never followed")
  func plantedLinks() throws {
    let victim = folder.appending("victim")
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/.lock", withDestinationPath: victim.path)
    try store.set(2, forKey: "n")
    try store.update(forKey: "n", default: 0) { $0 += 1 }
    #expect(!FileManager.default.fileExists(atPath: victim.path))
    #expect(try store.value(Int.self, forKey: "n") == 3)
  }

  // MARK: - Folders other users can change

  @Test("A folder others can write to is refused", arguments: [0o777, 0o770, 0o702])
  func writableByOthers(mode: Int) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: directory)
    let fresh = FileKeyValueStore(directory: store.directory)
    let error = #expect(throws: PersistenceError.self) { try fresh.set(2, forKey: "n") }
    #expect(error?.exitCode == 73)
    #expect(
      error?.message.hasPrefix("refusing to use \(directory): other users can write to it") == true)
    #expect(error?.hint == "chmod 700 \(directory)")
    #expect(throws: PersistenceError.self) { _ = try fresh.value(Int.self, forKey: "seed") }
    #expect(!FileManager.default.fileExists(atPath: directory + "/n.json"))
  }

  @Test("A folder that belongs to another user is refused", .enabled(if: getuid() == 0))
  func foreignOwner() throws {
    try #require(chown(directory, 65534, 65534) == 0)
    let fresh = FileKeyValueStore(directory: store.directory)
    let error = #expect(throws: PersistenceError.self) { try fresh.set(2, forKey: "n") }
    #expect(
      error?.message.hasPrefix(
        "refusing to use \(directory): it belongs to another user (uid 65534)") == true)
    #expect(throws: PersistenceError.self) { _ = try fresh.value(Int.self, forKey: "seed") }
    #expect(!FileManager.default.fileExists(atPath: directory + "/n.json"))
  }

  @Test("A world-writable folder above the store is refused unless it is sticky, like /tmp")
  func writableAncestor() throws {
    let parent = folder.appending("shared")
    let nested = FileKeyValueStore(directory: parent.appendingPathComponent("store"))
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: parent.path)
    let error = #expect(throws: PersistenceError.self) { try nested.set(1, forKey: "n") }
    #expect(
      error?.message.contains("other users can write to a folder above the store (mode 0777)")
        == true)
    #expect(error?.message.contains(parent.path) == true)

    try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: parent.path)
    try FileKeyValueStore(directory: parent.appendingPathComponent("store")).set(1, forKey: "n")
  }

  // MARK: - Recovery

  @Test("Each update keeps the value it replaced; a corrupt file's hint restores it")
  func lastGood() throws {
    try store.update(forKey: "n", default: 0) { $0 = 1 }
    try store.update(forKey: "n", default: 0) { $0 = 2 }
    let path = try store.fileURL(forKey: "n").path
    #expect(try String(contentsOfFile: path + ".last-good", encoding: .utf8) == "1\n")
    #expect(try Self.permissions(path + ".last-good") == 0o600)
    #expect(try store.keys() == ["n", "seed"])

    try Data("{broken".utf8).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value(Int.self, forKey: "n")
    }
    let hint = try #require(error?.hint)
    #expect(hint == "restore the version before the last change with: cp \(path).last-good \(path)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{broken")

    // Running the hint's command brings the last good value back.
    let copy = Process()
    copy.executableURL = URL(fileURLWithPath: "/bin/sh")
    copy.arguments = ["-c", String(hint.split(separator: ":", maxSplits: 1)[1])]
    try copy.run()
    copy.waitUntilExit()
    #expect(try store.value(Int.self, forKey: "n") == 1)
  }

  @Test("Removing a value removes its last good version too; a later corrupt file has no hint")
  func removeDropsLastGood() throws {
    try store.update(forKey: "n", default: 0) { $0 = 1 }
    try store.update(forKey: "n", default: 0) { $0 = 2 }
    let path = try store.fileURL(forKey: "n").path
    #expect(FileKeyValueStore.lastGoodPath(for: path) == path + ".last-good")
    try store.removeValue(forKey: "n")
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(FileKeyValueStore.lastGoodPath(for: path) == nil)
    // A value from before the removal is never offered back.
    try Data("{broken".utf8).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value(Int.self, forKey: "n")
    }
    #expect(error?.hint?.contains("last-good") != true)
  }

  @Test("A corrupt file without a last good version has no hint")
  func noLastGood() throws {
    try Data("{broken".utf8).write(to: store.fileURL(forKey: "n"))
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value(Int.self, forKey: "n")
    }
    #expect(error?.hint == nil)
  }

  static func permissions(_ path: String) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }
}
