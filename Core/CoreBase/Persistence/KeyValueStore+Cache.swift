import Foundation

extension KeyValueStore {
  /// The value for `key` when it is only a cache — a saved copy of what a server
  /// said, which the next fetch gives again: a value that does not decode is set
  /// aside instead of thrown, and `onDamage` is told where it went, so the error the
  /// user gets is the caller's own (the network's), not the cache's.
  ///
  /// A file store moves the damaged file to `<file>.damaged` (`.damaged-2`, … when
  /// that name is taken), as it was, for a person to look at; another store removes
  /// the value. The move takes no lock: another process that rewrote the cache in the
  /// meantime loses only a copy the next fetch makes again.
  ///
  /// <!-- doc-test: context
  /// let store = InMemoryKeyValueStore()
  /// struct SavedPosts: Codable {}
  /// -->
  /// ```swift
  /// let saved = store.cachedValue(SavedPosts.self, forKey: "posts") { aside in
  ///   print("the saved copy was damaged; it is set aside as \(aside)")
  /// }
  /// ```
  ///
  /// - Returns: The value, or `nil` when there is none, it was damaged, or it cannot
  ///   be read.
  public func cachedValue<Value: Decodable>(
    _ type: Value.Type = Value.self, forKey key: String,
    onDamage: (_ setAsideAt: String) -> Void = { _ in }
  ) -> Value? {
    do {
      return try value(type, forKey: key)
    } catch PersistenceError.corrupted(_, let path, _) {
      if let aside = setAsideDamaged(key, at: path) { onDamage(aside) }
      return nil
    } catch {
      return nil
    }
  }

  /// Moves the damaged file at `path` to the first free `.damaged` name beside it, or
  /// removes a value that is not a file; returns where it went.
  private func setAsideDamaged(_ key: String, at path: String) -> String? {
    let files = FileManager.default
    guard files.fileExists(atPath: path) else {
      return (try? removeValue(forKey: key)) != nil ? location(forKey: key) : nil
    }
    for number in 1...100 {
      let aside = path + (number == 1 ? ".damaged" : ".damaged-\(number)")
      guard !files.fileExists(atPath: aside) else { continue }
      return (try? files.moveItem(atPath: path, toPath: aside)) != nil ? aside : nil
    }
    return nil
  }
}
