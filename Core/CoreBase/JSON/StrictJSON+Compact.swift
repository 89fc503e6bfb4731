import Foundation

extension StrictJSON {
  /// `json` without the whitespace between its tokens, a final newline kept: the
  /// same value in about half the bytes of the pretty-printed text (string contents,
  /// escapes included, are copied as they are).
  ///
  /// - Parameter json: UTF-8 JSON text, as ``encode(_:)`` writes it.
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
            } else if byte == JSONByte.backslash {
              escaped = true
            } else if byte == JSONByte.quote {
              inString = false
            }
          } else if byte == JSONByte.space || byte == JSONByte.newline
            || byte == JSONByte.carriageReturn || byte == JSONByte.tab
          {
            continue
          } else if byte == JSONByte.quote {
            inString = true
          }
          out[written] = byte
          written += 1
        }
        out[written] = JSONByte.newline
        return written + 1
      }
      output.count = count
      return output
    }
  }
}
