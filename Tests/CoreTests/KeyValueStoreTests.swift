import Core
import Foundation
import Testing

/// One behavioural suite, run against every store.
@Suite("KeyValueStore behaviour (all stores)")
struct KeyValueStoreTests {
  struct Profile: Codable, Equatable, Sendable {
    var name: String
    var tags: [String]
    var score: Double?
  }

  static let counter = StoreKey("counter", default: 0)

  @Test("A missing value reads as nil, a typed key as its default", arguments: StoreKind.allCases)
  func missing(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    #expect(try store.value(Int.self, forKey: "nothing") == nil)
    #expect(try store.data(forKey: "nothing") == nil)
    #expect(try store.value(forKey: StoreKey("nothing", default: [1, 2])) == [1, 2])
    #expect(try store.keys() == [])
  }

  @Test("Values round-trip", arguments: StoreKind.allCases)
  func roundTrip(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    let profile = Profile(name: "Ada / \"Lovelace\" ✓", tags: ["a", "b"], score: 0.1)
    try store.set(profile, forKey: "profile")
    try store.set(42, forKey: "answer")
    try store.set("text", forKey: "string")
    try store.set(["b": 2, "a": 1], forKey: "map")
    try store.set([Profile](), forKey: "empty")
    #expect(try store.value(Profile.self, forKey: "profile") == profile)
    #expect(try store.value(Int.self, forKey: "answer") == 42)
    #expect(try store.value(String.self, forKey: "string") == "text")
    #expect(try store.value([String: Int].self, forKey: "map") == ["a": 1, "b": 2])
    #expect(try store.value([Profile].self, forKey: "empty") == [])
    #expect(try store.keys() == ["answer", "empty", "map", "profile", "string"])
  }

  @Test("Set overwrites; remove deletes and is idempotent", arguments: StoreKind.allCases)
  func overwriteAndRemove(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    try store.set(1, forKey: Self.counter)
    try store.set(2, forKey: Self.counter)
    #expect(try store.value(forKey: Self.counter) == 2)
    try store.removeValue(forKey: Self.counter)
    #expect(try store.value(Int.self, forKey: "counter") == nil)
    #expect(try store.value(forKey: Self.counter) == 0)
    try store.removeValue(forKey: "counter")
    #expect(try store.keys() == [])
  }

  @Test(
    "Update reads, changes and writes, returning the body's result", arguments: StoreKind.allCases)
  func update(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    let first = try store.update(forKey: Self.counter) { value -> Int in
      value += 5
      return value * 10
    }
    #expect(first == 50)
    try store.update(forKey: Self.counter) { $0 += 1 }
    #expect(try store.value(forKey: Self.counter) == 6)

    let removed = try store.update(Int.self, forKey: "counter") { value -> Int? in
      defer { value = nil }
      return value
    }
    #expect(removed == 6)
    #expect(try store.keys() == [])
  }

  struct Abort: Error {}

  @Test("A throwing update body writes nothing", arguments: StoreKind.allCases)
  func throwingUpdate(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    try store.set(1, forKey: Self.counter)
    #expect(throws: Abort.self) {
      try store.update(forKey: Self.counter) { value in
        value = 99
        throw Abort()
      }
    }
    #expect(try store.value(forKey: Self.counter) == 1)
  }

  @Test(
    "Bad keys are rejected by every operation",
    arguments: StoreKind.allCases,
    [
      "", ".hidden", "..", "a/../b", "a/b", "a\\b", "tab\tkey", "nul\u{0}",
      String(repeating: "k", count: 129),
    ])
  func badKeys(kind: StoreKind, key: String) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    func expectInvalid(_ operation: () throws -> Void) {
      let error = #expect(throws: PersistenceError.self) { try operation() }
      guard case .invalidKey(let reported, _)? = error else {
        Issue.record("expected invalidKey, got \(String(describing: error))")
        return
      }
      #expect(reported == key)
      #expect(error?.exitCode == 64)
    }
    expectInvalid { try store.set(1, forKey: key) }
    expectInvalid { _ = try store.value(Int.self, forKey: key) }
    expectInvalid { try store.removeValue(forKey: key) }
    expectInvalid { try store.update(forKey: key, default: 0) { $0 += 1 } }
    #expect(try store.keys() == [])
  }

  @Test("Reasonable keys are accepted", arguments: StoreKind.allCases)
  func goodKeys(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    let keys = [
      "a", "todo.items", "theme-v2", "Ünïcödé", "with space", String(repeating: "k", count: 128),
    ]
    for key in keys { try store.set(true, forKey: key) }
    #expect(try store.keys() == keys.sorted())
  }

  @Test("Undecodable bytes raise corrupted and stay untouched", arguments: StoreKind.allCases)
  func corrupted(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    let garbage = Data("{\"name\": \"half".utf8)
    try store.setData(garbage, forKey: "profile")
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value(Profile.self, forKey: "profile")
    }
    guard case .corrupted(let key, let path, _)? = error else {
      Issue.record("expected corrupted, got \(String(describing: error))")
      return
    }
    #expect(key == "profile")
    #expect(path == store.location(forKey: "profile"))
    #expect(error?.exitCode == 65)
    #expect(error?.message.contains(path) == true)
    #expect(throws: PersistenceError.self) {
      try store.update(Profile.self, forKey: "profile") { $0 = Profile(name: "x", tags: []) }
    }
    #expect(try store.data(forKey: "profile") == garbage)
  }

  @Test("A value of the wrong type is corrupted, not a default", arguments: StoreKind.allCases)
  func wrongType(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    try store.set("not a number", forKey: "counter")
    #expect(throws: PersistenceError.self) { try store.value(forKey: Self.counter) }
    #expect(try store.value(String.self, forKey: "counter") == "not a number")
  }

  @Test(
    "Concurrent updates in one process lose nothing", .timeLimit(.minutes(10)),
    arguments: StoreKind.allCases)
  func concurrentUpdates(kind: StoreKind) async throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<25 { _ = try? store.update(forKey: Self.counter) { $0 += 1 } }
        }
      }
    }
    #expect(try store.value(forKey: Self.counter) == 200)
  }

  @Test(
    "Observers see each change in order", .timeLimit(.minutes(10)), arguments: StoreKind.allCases)
  func observation(kind: StoreKind) async throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    var changes = store.changes(forKey: Self.counter).makeAsyncIterator()
    var other = store.dataChanges(forKey: "other").makeAsyncIterator()
    try store.set(1, forKey: Self.counter)
    try store.update(forKey: Self.counter) { $0 += 1 }
    try store.set("x", forKey: "other")
    try store.removeValue(forKey: Self.counter)
    #expect(await changes.next() == 1)
    #expect(await changes.next() == 2)
    #expect(await changes.next() == 0)
    #expect(
      await other.next().flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) } == "\"x\"\n")
  }
}
