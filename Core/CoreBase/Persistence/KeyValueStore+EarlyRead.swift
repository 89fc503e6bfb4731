import Foundation

extension KeyValueStore {
  /// Runs a typed transaction whose reading and decoding happen, when they can,
  /// before the store's lock is taken.
  ///
  /// The value is read (without the lock) and decoded first. Under the lock the
  /// bytes are read again, as every transaction does; when they are the same bytes,
  /// the value decoded before is used, so the lock is held only for `body`, encoding
  /// and the write. Other processes waiting for the lock then wait for much less
  /// (for a 10,000-item todo list, decoding is more than half of a change). When
  /// the bytes changed in between, or the early read failed, they are decoded under
  /// the lock as usual, and an error is reported from there. The early bytes are
  /// dropped before encoding, so the transaction's peak memory does not grow.
  ///
  /// - Parameters:
  ///   - key: A valid key.
  ///   - decode: Decodes stored bytes (strictly, as every typed read does).
  ///   - body: Receives the stored bytes' value (or `nil`) and returns the bytes to
  ///     write (or `nil` to remove), and its result.
  /// - Returns: What `body` returns.
  /// - Throws: What `decode` throws for the bytes read under the lock, what `body`
  ///   throws, or ``PersistenceError``.
  func updateDecoded<Value, Result>(
    forKey key: String, decode: (Data) throws -> Value,
    _ body: (Value?) throws -> (Data?, Result)
  ) throws -> Result {
    var early: (bytes: Data, value: Value)?
    if let bytes = try? data(forKey: key), let value = try? decode(bytes) {
      early = (bytes, value)
    }
    return try updateData(forKey: key) { data in
      var value: Value?
      if let data {
        if let early, early.bytes == data {
          value = early.value
        } else {
          value = try decode(data)
        }
      }
      early = nil
      let (new, result) = try body(value)
      data = new
      return result
    }
  }
}
