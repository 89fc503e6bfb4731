public import Foundation

// MARK: - Coding

/// How the typed API turns values into bytes and back.
enum StoreCoding {
  /// Human-readable, stable JSON: pretty-printed, sorted keys, slashes unescaped,
  /// invisible characters escaped, a final newline; written by
  /// ``StrictJSON/encode(_:)``, byte for byte what `JSONEncoder` and
  /// `JSONEscaping.escapingInvisibles` write.
  static func encode<Value: Encodable>(_ value: Value, forKey key: String) throws(PersistenceError)
    -> Data
  {
    do {
      return Data(try StrictJSON.encodedBytes(value, terminator: JSONByte.newline))
    } catch {
      throw .cannotEncode(key: key, underlying: error)
    }
  }

  /// The typed store's text for `value`: pretty-printed (``encode(_:forKey:)``),
  /// or, when that text would be larger than `limit` (the store's
  /// ``FileKeyValueStore/compactAbove``), the same JSON value without
  /// its indentation (``StrictJSON/compacted(_:)``), so that a store which opens stays
  /// changeable: a large value is written in the smallest form the store reads
  /// rather than refused.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key, for errors.
  ///   - limit: The size above which to write compactly, or `nil` for never.
  /// - Returns: UTF-8 JSON text with a final newline.
  /// - Throws: ``PersistenceError/cannotEncode(key:underlying:)``.
  static func encode<Value: Encodable>(_ value: Value, forKey key: String, limit: Int?)
    throws(PersistenceError) -> Data
  {
    let pretty = try encode(value, forKey: key)
    guard let limit, pretty.count > limit else { return pretty }
    return StrictJSON.compacted(pretty)
  }

  /// Decodes stored bytes, or throws `corrupted` naming the key and its location.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from data: Data, forKey key: String, in store: some KeyValueStore
  ) throws(PersistenceError) -> Value {
    try decode(type, from: data, forKey: key, location: store.location(forKey: key))
  }

  /// Decodes stored bytes strictly with ``StrictJSON`` (repeated keys, trailing
  /// commas, the line and column of a syntax error; one pass). Every typed
  /// read of every store goes through here or through ``Migrations``, which checks
  /// the same way.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from data: Data, forKey key: String, location: String
  ) throws(PersistenceError) -> Value {
    do {
      return try StrictJSON.decode(type, from: data)
    } catch {
      throw .corrupted(key: key, path: location, underlying: error)
    }
  }
}

extension KeyValueStore {
  /// The size above which a typed write is compact, when the store has one
  /// (``FileKeyValueStore/compactAbove``).
  var writtenSizeLimit: Int? { (self as? FileKeyValueStore)?.compactAbove }
}

// MARK: - Values by name

extension KeyValueStore {
  /// The value stored for `key`, or `nil` when nothing is.
  ///
  /// - Parameters:
  ///   - type: The stored type.
  ///   - key: A valid key.
  /// - Returns: The decoded value, or `nil`.
  /// - Throws: ``PersistenceError/corrupted(key:path:underlying:)`` when the stored
  ///   bytes do not decode as `type` (they are left as they are), or another
  ///   ``PersistenceError``.
  public func value<Value: Decodable>(_ type: Value.Type = Value.self, forKey key: String)
    throws -> Value?
  {
    guard let data = try data(forKey: key) else { return nil }
    return try StoreCoding.decode(type, from: data, forKey: key, in: self)
  }

  /// Stores `value` for `key` as JSON.
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - key: A valid key.
  /// - Throws: ``PersistenceError``; on error the previous value is still in place.
  public func set<Value: Encodable>(_ value: Value, forKey key: String) throws {
    try setData(
      try StoreCoding.encode(value, forKey: key, limit: writtenSizeLimit), forKey: key)
  }

  /// Stores `value` for `key` as JSON without flushing it to disk
  /// (``KeyValueStore/setDataWithoutFlush(_:forKey:)``).
  ///
  /// - Throws: ``PersistenceError``; on error the previous value is still in place.
  public func setWithoutFlush<Value: Encodable>(_ value: Value, forKey key: String) throws {
    try setDataWithoutFlush(
      try StoreCoding.encode(value, forKey: key, limit: writtenSizeLimit), forKey: key)
  }

  /// Reads, changes and writes the value for `key` as one transaction.
  ///
  /// Setting the value to `nil` removes it. See ``KeyValueStore/updateData(forKey:_:)``.
  /// The value is read and decoded before the store's lock is taken when it can be,
  /// so that other writers wait only for `body`, encoding and the write.
  ///
  /// - Parameters:
  ///   - type: The stored type.
  ///   - key: A valid key.
  ///   - body: Receives the current value (or `nil`) and may change it.
  /// - Returns: What `body` returns.
  /// - Throws: ``PersistenceError`` (a corrupt value is never replaced), or what
  ///   `body` throws (then nothing is written).
  public func update<Value: Codable, Result>(
    _ type: Value.Type = Value.self, forKey key: String,
    _ body: (inout Value?) throws -> Result
  ) throws -> Result {
    try updateDecoded(forKey: key) { data throws(PersistenceError) in
      try StoreCoding.decode(type, from: data, forKey: key, in: self)
    } _: { stored in
      var value = stored
      let result = try body(&value)
      let data = try value.map { value throws(PersistenceError) in
        try StoreCoding.encode(value, forKey: key, limit: writtenSizeLimit)
      }
      return (data, result)
    }
  }

  /// Reads, changes and writes the value for `key`, starting from `defaultValue`
  /// when nothing is stored.
  ///
  /// - Parameters:
  ///   - key: A valid key.
  ///   - defaultValue: The value `body` sees when nothing is stored.
  ///   - body: Changes the value.
  /// - Returns: What `body` returns.
  /// - Throws: ``PersistenceError``, or what `body` throws.
  public func update<Value: Codable, Result>(
    forKey key: String, default defaultValue: Value, _ body: (inout Value) throws -> Result
  ) throws -> Result {
    try update(Value.self, forKey: key) { stored in
      var value = stored ?? defaultValue
      let result = try body(&value)
      stored = value
      return result
    }
  }
}

// MARK: - Typed keys

extension KeyValueStore {
  /// The value for `key`, or its default when nothing is stored.
  ///
  /// - Parameter key: The typed key.
  /// - Returns: The stored or default value.
  /// - Throws: ``PersistenceError``; a corrupt value is an error, never the default.
  public func value<Value>(forKey key: StoreKey<Value>) throws -> Value {
    try value(Value.self, forKey: key.name) ?? key.defaultValue
  }

  /// Stores `value` for `key`.
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - key: The typed key.
  /// - Throws: ``PersistenceError``.
  public func set<Value>(_ value: Value, forKey key: StoreKey<Value>) throws {
    try set(value, forKey: key.name)
  }

  /// Removes the value for `key`, so reads return its default again.
  ///
  /// - Parameter key: The typed key.
  /// - Throws: ``PersistenceError``.
  public func removeValue<Value>(forKey key: StoreKey<Value>) throws {
    try removeValue(forKey: key.name)
  }

  /// Reads, changes and writes the value for `key` as one transaction.
  ///
  /// <!-- doc-test: context
  /// let store = InMemoryKeyValueStore()
  /// let counter = StoreKey("counter", default: 0)
  /// -->
  /// ```swift
  /// let next = try store.update(forKey: counter) { $0 += 1; return $0 }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The typed key; `body` starts from its default when nothing is stored.
  ///   - body: Changes the value.
  /// - Returns: What `body` returns.
  /// - Throws: ``PersistenceError``, or what `body` throws.
  public func update<Value, Result>(
    forKey key: StoreKey<Value>, _ body: (inout Value) throws -> Result
  ) throws -> Result {
    try update(forKey: key.name, default: key.defaultValue, body)
  }

  /// The value for `key` after each change (for ``FileKeyValueStore``, another
  /// process's commits too); the default after a removal. Values that do not decode
  /// as `Value` (a damaged file) are skipped: the observer keeps the last good one.
  ///
  /// - Parameter key: The typed key.
  /// - Returns: An async sequence of values, starting with the next change.
  public func changes<Value>(forKey key: StoreKey<Value>)
    -> AsyncCompactMapSequence<AsyncStream<Data?>, Value>
  {
    dataChanges(forKey: key.name).compactMap { data in
      guard let data else { return key.defaultValue }
      return try? StrictJSON.decode(Value.self, from: data)
    }
  }
}
