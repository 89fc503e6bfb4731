public import CoreBase
internal import Foundation

extension KeyValueStore {
  /// A short text that changes whenever the bytes stored under `key` change: their
  /// count and a 64-bit FNV-style hash of them, eight bytes a step, or `nil` when
  /// nothing is stored. The same bytes give the same text in every process (unlike
  /// `Hasher`).
  ///
  /// - Throws: What ``data(forKey:)`` throws.
  public func contentVersion(forKey key: String) throws -> String? {
    guard let data = try data(forKey: key) else { return nil }
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      let words = bytes.count / 8
      for index in 0..<words {
        let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
        hash = (hash ^ word) &* prime
      }
      for offset in (words * 8)..<bytes.count {
        let byte = bytes.load(fromByteOffset: offset, as: UInt8.self)
        hash = (hash ^ UInt64(truncatingIfNeeded: byte)) &* prime
      }
    }
    return "\(data.count)-" + String(hash, radix: 16)
  }
}
