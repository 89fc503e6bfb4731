import Foundation

extension StoreCoding {
  /// The typed store's text for `value`: pretty-printed (``encode(_:forKey:)``),
  /// or, when that text would be larger than `limit` (the store's
  /// ``FileKeyValueStore/compactAbove``), the same JSON value without
  /// its indentation (``compacted(_:)``), so that a store which opens stays
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
    return compacted(pretty)
  }

  /// `json` without the whitespace between its tokens, a final newline kept: the
  /// same value in about half the bytes of the pretty-printed text (string contents,
  /// escapes included, are copied as they are).
  ///
  /// - Parameter json: UTF-8 JSON text, as ``StoreJSONEncoder`` writes it.
  /// - Returns: The compact text, ending in a newline.
  static func compacted(_ json: Data) -> Data {
    json.withUnsafeBytes { raw -> Data in
      let bytes = raw.bindMemory(to: UInt8.self)
      var output = Data(count: bytes.count)
      let count = output.withUnsafeMutableBytes { target -> Int in
        let out = target.bindMemory(to: UInt8.self)
        var written = 0
        var inString = false
        var escaped = false
        for byte in bytes {
          if inString {
            if escaped {
              escaped = false
            } else if byte == 0x5C {
              escaped = true
            } else if byte == 0x22 {
              inString = false
            }
          } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            continue
          } else if byte == 0x22 {
            inString = true
          }
          out[written] = byte
          written += 1
        }
        out[written] = 0x0A
        return written + 1
      }
      output.count = count
      return output
    }
  }
}

extension KeyValueStore {
  /// The size above which a typed write is compact, when the store has one
  /// (``FileKeyValueStore/compactAbove``).
  var writtenSizeLimit: Int? { (self as? FileKeyValueStore)?.compactAbove }
}
