import Core
import Foundation
import Testing

/// A typed transaction decodes before taking the lock, and trusts that only when the
/// bytes under the lock are the same.
@Suite("Typed updates read early, and check under the lock")
struct EarlyReadTests {
  /// A store whose unlocked reads return `early` while its transactions see the
  /// stored bytes: another process changed the value in between.
  struct StaleReads: KeyValueStore {
    let base = InMemoryKeyValueStore()
    let early: Data

    func data(forKey key: String) throws -> Data? { early }
    func setData(_ data: Data, forKey key: String) throws { try base.setData(data, forKey: key) }
    func removeValue(forKey key: String) throws { try base.removeValue(forKey: key) }
    func keys() throws -> [String] { try base.keys() }
    func location(forKey key: String) -> String { base.location(forKey: key) }
    func dataChanges(forKey key: String) -> AsyncStream<Data?> { base.dataChanges(forKey: key) }
    func updateData<Result>(forKey key: String, _ body: (inout Data?) throws -> Result) throws
      -> Result
    {
      try base.updateData(forKey: key, body)
    }
  }

  @Test(
    "the value under the lock wins over an early read that differs, good or damaged",
    arguments: [#"["early"]"#, #"["early","early"#, "not json"])
  func changedInBetween(early: String) throws {
    let store = StaleReads(early: Data(early.utf8))
    try store.base.set(["stored"], forKey: "list")
    let seen = try store.update([String].self, forKey: "list") { list in
      defer { list?.append("added") }
      return list
    }
    #expect(seen == ["stored"])
    #expect(try store.base.value([String].self, forKey: "list") == ["stored", "added"])
  }

  @Test("damaged bytes under the lock are refused, even after a good early read")
  func damagedUnderTheLock() throws {
    let store = StaleReads(early: Data(#"["early"]"#.utf8))
    let damaged = Data(#"["a","a",]"#.utf8)
    try store.base.setData(damaged, forKey: "list")
    #expect(throws: PersistenceError.self) {
      try store.update([String].self, forKey: "list") { $0?.append("x") }
    }
    #expect(try store.base.data(forKey: "list") == damaged)
    let migrations = Migrations<[String]>(currentVersion: 1)
    #expect(throws: PersistenceError.self) {
      try store.update(forKey: "list", migrations: migrations) { $0?.append("x") }
    }
    #expect(try store.base.data(forKey: "list") == damaged)
  }
}
