extension KeyValueStore {
  /// Stores `value` for `key` as JSON: the name SwiftUIBlueprint's README uses for
  /// `set(_:forKey:)`.
  ///
  /// <!-- doc-test: context
  /// let store = InMemoryKeyValueStore()
  /// struct Settings: Codable { var notificationsEnabled: Bool }
  /// -->
  /// ```swift
  /// try store.setValue(Settings(notificationsEnabled: true), forKey: "settings")
  /// let restored: Settings? = try store.value(Settings.self, forKey: "settings")
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - key: A valid key.
  /// - Throws: ``PersistenceError``; on error the previous value is still in place.
  public func setValue<Value: Encodable>(_ value: Value, forKey key: String) throws {
    try set(value, forKey: key)
  }
}
