import Core
import CoreTesting
import Foundation
import Testing

/// `cachedValue(_:forKey:onDamage:)`: a damaged cache is set aside, never thrown.
@Suite("KeyValueStore.cachedValue")
struct KeyValueStoreCacheTests {
  @Test("a damaged file is moved beside itself, an earlier one kept, and nil returned")
  func setsAsideAFile() throws {
    let folder = try TemporaryDirectory(prefix: "cache")
    let store = FileKeyValueStore(directory: folder.url)
    let path = try store.fileURL(forKey: "saved").path
    var asides: [String] = []
    for damage in ["{ not json", "[1, 2"] {
      try Data(damage.utf8).write(to: URL(fileURLWithPath: path))
      #expect(store.cachedValue([Int].self, forKey: "saved") { asides.append($0) } == nil)
    }
    #expect(asides == [path + ".damaged", path + ".damaged-2"])
    #expect(try String(contentsOfFile: path + ".damaged", encoding: .utf8) == "{ not json")
    #expect(try String(contentsOfFile: path + ".damaged-2", encoding: .utf8) == "[1, 2")
    #expect(!FileManager.default.fileExists(atPath: path))
    try store.set([3], forKey: "saved")
    #expect(store.cachedValue([Int].self, forKey: "saved") { asides.append($0) } == [3])
    #expect(asides.count == 2)
  }

  @Test("a damaged value in a store without files is removed")
  func removesAValue() throws {
    let store = InMemoryKeyValueStore()
    try store.setData(Data("{ not json".utf8), forKey: "saved")
    var asides: [String] = []
    #expect(store.cachedValue([Int].self, forKey: "saved") { asides.append($0) } == nil)
    #expect(asides == [store.location(forKey: "saved")])
    #expect(try store.data(forKey: "saved") == nil)
  }
}
