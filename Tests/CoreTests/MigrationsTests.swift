import Core
import Foundation
import Testing

@Suite("Versioned values and migrations")
struct MigrationsTests {
  struct TodoV1: Codable, Sendable {
    var title: String
  }

  struct Todo: Codable, Equatable, Sendable {
    var title: String
    var done: Bool
  }

  static let migrations = Migrations<[Todo]>(currentVersion: 2)
    .step(from: 1) { (old: [TodoV1]) in old.map { Todo(title: $0.title, done: false) } }

  @Test("A v1 envelope is migrated to v2", arguments: StoreKind.allCases)
  func v1ToV2(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { withExtendedLifetime(fixture) {} }
    let store = fixture.store
    try store.set(Versioned(version: 1, value: [TodoV1(title: "milk")]), forKey: "todos")
    let todos = try store.value(forKey: "todos", migrations: Self.migrations)
    #expect(todos == [Todo(title: "milk", done: false)])
    try store.set([Todo(title: "eggs", done: true)], forKey: "todos", migrations: Self.migrations)
    let stored = try store.value(Versioned<[Todo]>.self, forKey: "todos")
    #expect(stored == Versioned(version: 2, value: [Todo(title: "eggs", done: true)]))
  }

  @Test("A bare value from before versioning counts as version 1")
  func bareValue() throws {
    let store = InMemoryKeyValueStore()
    try store.set([TodoV1(title: "bread")], forKey: "todos")
    #expect(
      try store.value(forKey: "todos", migrations: Self.migrations)
        == [Todo(title: "bread", done: false)])
  }

  @Test("Reading does not rewrite the stored bytes")
  func readIsPure() throws {
    let store = InMemoryKeyValueStore()
    try store.set(Versioned(version: 1, value: [TodoV1(title: "milk")]), forKey: "todos")
    let before = try store.data(forKey: "todos")
    _ = try store.value(forKey: "todos", migrations: Self.migrations)
    #expect(try store.data(forKey: "todos") == before)
  }

  @Test("A newer version is an error, not a reset")
  func newerVersion() throws {
    let store = InMemoryKeyValueStore()
    try store.set(Versioned(version: 3, value: ["future"]), forKey: "todos")
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value(forKey: "todos", migrations: Self.migrations)
    }
    guard case .unsupportedVersion(_, _, let found, let supported)? = error else {
      Issue.record("expected unsupportedVersion, got \(String(describing: error))")
      return
    }
    #expect(found == 3 && supported == 2)
  }

  @Test("Data that fits no version is corrupted")
  func corrupt() throws {
    let store = InMemoryKeyValueStore()
    try store.set(Versioned(version: 1, value: 42), forKey: "todos")
    #expect(throws: PersistenceError.self) {
      _ = try store.value(forKey: "todos", migrations: Self.migrations)
    }
  }
}
