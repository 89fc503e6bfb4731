/// A typed key: a name, the type stored under it and the value when nothing is.
///
/// Reads through a `StoreKey` need no casts and never return `nil`:
///
/// <!-- doc-test: context
/// struct TodoItem: Codable {}
/// let store = InMemoryKeyValueStore()
/// -->
/// ```swift
/// extension StoreKey where Value == [TodoItem] {
///   static let todos = StoreKey("todos", default: [])
/// }
/// let items = try store.value(forKey: .todos)
/// ```
public struct StoreKey<Value: Codable & Sendable>: Sendable {
  /// The key under which the value is stored.
  public var name: String
  /// What a read returns when nothing is stored.
  public var defaultValue: Value

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - name: The stored name; see ``KeyValueStore`` for the rules.
  ///   - defaultValue: What a read returns when nothing is stored.
  public init(_ name: String, default defaultValue: Value) {
    self.name = name
    self.defaultValue = defaultValue
  }
}
