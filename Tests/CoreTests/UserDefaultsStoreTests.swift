import Core
import Foundation
import Testing

@Suite("UserDefaultsStore")
struct UserDefaultsStoreTests {
  @Test(
    "every write and remove is on disk at once, not only at a synchronize that Linux never does")
  func writesAreFlushed() throws {
    let fixture = try StoreFixture(.userDefaults)
    defer { withExtendedLifetime(fixture) {} }
    let plist = URL(fileURLWithPath: try #require(fixture.suiteName) + ".plist")
    func onDisk() throws -> [String: Any] {
      // Foundation deletes the file when the last key goes.
      guard FileManager.default.fileExists(atPath: plist.path) else { return [:] }
      let data = try Data(contentsOf: plist)
      let object = try PropertyListSerialization.propertyList(from: data, format: nil)
      return try #require(object as? [String: Any])
    }
    try fixture.store.set(41, forKey: "answer")
    #expect(try onDisk()["answer"] != nil)
    try fixture.store.updateData(forKey: "answer") { data in data = Data("42".utf8) }
    let stored = try onDisk()["answer"] as? Data
    #expect(stored.map { String(decoding: $0, as: UTF8.self) } == "42")
    try fixture.store.removeValue(forKey: "answer")
    #expect(try onDisk()["answer"] == nil)
  }
}
