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

@Suite("Migrations: reading the current version, updating")
struct MigrationsUpdateTests {
  @Test("update migrates, lets the body change the value and writes the current version")
  func update() throws {
    let store = InMemoryKeyValueStore()
    try store.set(
      Versioned(version: 1, value: [MigrationsTests.TodoV1(title: "milk")]), forKey: "todos")
    let count = try store.update(forKey: "todos", migrations: MigrationsTests.migrations) {
      todos in
      todos?.append(MigrationsTests.Todo(title: "eggs", done: true))
      return todos?.count ?? 0
    }
    #expect(count == 2)
    let stored = try store.value(Versioned<[MigrationsTests.Todo]>.self, forKey: "todos")
    #expect(stored?.version == 2)
    #expect(stored?.value.map(\.title) == ["milk", "eggs"])
  }

  @Test("update starts from nil when nothing is stored; nil removes the value")
  func updateEmpty() throws {
    let store = InMemoryKeyValueStore()
    try store.update(forKey: "todos", migrations: MigrationsTests.migrations) { todos in
      #expect(todos == nil)
      todos = [MigrationsTests.Todo(title: "a", done: false)]
    }
    #expect(try store.value(forKey: "todos", migrations: MigrationsTests.migrations)?.count == 1)
    try store.update(forKey: "todos", migrations: MigrationsTests.migrations) { $0 = nil }
    #expect(try store.data(forKey: "todos") == nil)
  }

  @Test(
    "a version below 1, an envelope with a third key or a bad current value is corrupt",
    arguments: [
      #"{"version":0,"value":[]}"#, #"{"version":2,"value":[{"title":"a"}]}"#,
      #"{"version":2,"value":[],"extra":1}"#, #"{"version":2,"value":[],"value":[]}"#,
    ])
  func corrupt(text: String) throws {
    let store = InMemoryKeyValueStore()
    try store.setData(Data(text.utf8), forKey: "todos")
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value(forKey: "todos", migrations: MigrationsTests.migrations)
    }
    guard case .corrupted? = error else {
      Issue.record("expected corrupted, got \(String(describing: error))")
      return
    }
  }

  @Test("a newer version is refused only when the whole file is JSON")
  func newerButDamaged() throws {
    let store = InMemoryKeyValueStore()
    try store.setData(Data(#"{"version":9,"value":[}"#.utf8), forKey: "todos")
    let error = #expect(throws: PersistenceError.self) {
      _ = try store.value(forKey: "todos", migrations: MigrationsTests.migrations)
    }
    guard case .corrupted? = error else {
      Issue.record("expected corrupted, got \(String(describing: error))")
      return
    }
  }
}

@Suite("Migrations: one pass on Core's decoder, steps chained in memory")
struct MigrationsChainTests {
  struct V1: Codable, Sendable { var name: String }
  struct V2: Codable, Sendable {
    var name: String
    var count: Int
  }
  struct V3: Codable, Equatable, Sendable {
    var title: String
    var count: Int
  }
  /// What step 2 reads: the same JSON as V2, another type (the bytes are recoded).
  struct V2Again: Codable, Sendable {
    var name: String
    var count: Int
  }

  static let migrations = Migrations<V3>(currentVersion: 3)
    .step(from: 1) { (old: V1) in V2(name: old.name, count: 1) }
    .step(from: 2) { (old: V2Again) in V3(title: old.name, count: old.count + 1) }

  @Test(
    "every older version, enveloped or bare, migrates to the current shape",
    arguments: [
      (#"{"name":"a"}"#, V3(title: "a", count: 2)),
      (#"{"version":1,"value":{"name":"a"}}"#, V3(title: "a", count: 2)),
      (#"{"version":2,"value":{"name":"b","count":5}}"#, V3(title: "b", count: 6)),
      (#"{"value":{"title":"c","count":7},"version":3}"#, V3(title: "c", count: 7)),
    ])
  func chain(text: String, expected: V3) throws {
    let value = try Self.migrations.decode(Data(text.utf8), forKey: "k", location: "/k.json")
    #expect(value == expected)
  }

  @Test("an old value is read strictly: a repeated key or a wrong type is corrupt, with its path")
  func strictOldValue() throws {
    for (text, words) in [
      (#"{"version":1,"value":{"name":"a","name":"b"}}"#, "the key 'name' appears twice"),
      (#"{"version":2,"value":{"name":"b","count":"x"}}"#, "value.count"),
    ] {
      let error = #expect(throws: PersistenceError.self) {
        _ = try Self.migrations.decode(Data(text.utf8), forKey: "k", location: "/k.json")
      }
      guard case .corrupted? = error else {
        Issue.record("expected corrupted, got \(String(describing: error))")
        continue
      }
      #expect(error?.message.contains(words) == true, "\(String(describing: error))")
    }
  }

  @Test("a version without a step is unsupported, not a reset")
  func missingStep() throws {
    let migrations = Migrations<V3>(currentVersion: 3)
      .step(from: 2) { (old: V2) in V3(title: old.name, count: old.count) }
    let error = #expect(throws: PersistenceError.self) {
      _ = try migrations.decode(
        Data(#"{"version":1,"value":{"name":"a"}}"#.utf8), forKey: "k", location: "/k.json")
    }
    guard case .unsupportedVersion(_, _, let found, let supported)? = error else {
      Issue.record("expected unsupportedVersion, got \(String(describing: error))")
      return
    }
    #expect(found == 1 && supported == 3)
  }

  @Test("with current version 1, a bare value is the current value")
  func bareCurrent() throws {
    let migrations = Migrations<V1>(currentVersion: 1)
    let value = try migrations.decode(Data(#"{"name":"z"}"#.utf8), forKey: "k", location: "/k")
    #expect(value.name == "z")
  }
}
