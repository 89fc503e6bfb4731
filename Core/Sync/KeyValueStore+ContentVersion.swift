internal import Foundation

extension KeyValueStore {
  /// A short text that changes whenever the bytes stored under `key` change: their
  /// count and a 64-bit FNV-1a hash of them, or `nil` when nothing is stored. The same
  /// bytes give the same text in every process (unlike `Hasher`).
  ///
  /// - Throws: What ``data(forKey:)`` throws.
  public func contentVersion(forKey key: String) throws -> String? {
    guard let data = try data(forKey: key) else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    data.withUnsafeBytes { bytes in
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
    }
    return "\(data.count)-" + String(hash, radix: 16)
  }
}
