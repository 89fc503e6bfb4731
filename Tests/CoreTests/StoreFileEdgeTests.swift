import Core
import CoreTesting
import Foundation
import Testing

/// What the file store does with files the user set up by hand: made read-only,
/// or a link to nothing; and how a large typed value is written.
@Suite("FileKeyValueStore: read-only files, dangling links, compact large values")
struct StoreFileEdgeTests {
  let folder: TemporaryDirectory
  let store: FileKeyValueStore

  init() throws {
    folder = try TemporaryDirectory(prefix: "store-edges")
    store = FileKeyValueStore(directory: folder.appending("store"))
    try store.set(["milk"], forKey: "list")
  }

  var path: String { store.location(forKey: "list") }

  @Test("a read-only file is read, and every write and removal is refused naming the mode")
  func readOnly() throws {
    try FileManager.default.setAttributes([.posixPermissions: 0o440], ofItemAtPath: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(try store.value([String].self, forKey: "list") == ["milk"])
    for attempt in ["set", "update", "remove"] {
      let error = #expect(throws: PersistenceError.self, "\(attempt)") {
        switch attempt {
        case "set": try store.set(["eggs"], forKey: "list")
        case "update": try store.update(forKey: "list", default: [String]()) { $0.append("x") }
        default: try store.removeValue(forKey: "list")
        }
      }
      #expect(error?.exitCode == 74)
      #expect(error?.message.contains("it is read-only (mode 0440)") == true, "\(attempt)")
      #expect(error?.hint == "to allow changes, make it writable: chmod u+w \(path)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o440)
  }

  @Test("a dangling link is an error naming the link and its target, for reads and writes")
  func danglingLink() throws {
    let target = folder.appending("elsewhere/list.json").path
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    for attempt in ["read", "set", "remove"] {
      let error = #expect(throws: PersistenceError.self, "\(attempt)") {
        switch attempt {
        case "read": _ = try store.value([String].self, forKey: "list")
        case "set": try store.set(["eggs"], forKey: "list")
        default: try store.removeValue(forKey: "list")
        }
      }
      #expect(
        error?.message.contains(
          "\(path): it is a symbolic link to \(target), which does not exist") == true,
        "\(attempt): \(String(describing: error))")
      #expect(error?.hint?.contains("rm \(path)") == true)
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
  }

  @Test("a value whose pretty text passes compactAbove is written compactly and reads back")
  func compactLargeValue() throws {
    let small = FileKeyValueStore(
      directory: folder.appending("small"), maximumFileSize: 4096, compactAbove: 200)
    let short = ["a b", "c\"d"]
    try small.set(short, forKey: "v")
    #expect(try small.data(forKey: "v") == Data("[\n  \"a b\",\n  \"c\\\"d\"\n]\n".utf8))
    let long = (0..<40).map { "item \($0) \\ \"x\"" }
    try small.set(long, forKey: "v")
    let written = try #require(try small.data(forKey: "v"))
    #expect(written.first == UInt8(ascii: "[") && written.dropFirst().first == UInt8(ascii: "\""))
    #expect(!written.dropLast().contains(0x0A))
    #expect(written.last == 0x0A)
    #expect(try small.value([String].self, forKey: "v") == long)
    #expect(try JSONDecoder().decode([String].self, from: written) == long)
  }
}
