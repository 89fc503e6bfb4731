import CoreBase
public import Foundation

/// A sync state belongs to the account and collection it was made with: another
/// server, user or list starts from an empty state (a first sync, which merges both
/// sides and deletes nothing), and switching back finds the old state again.
extension SyncStateStore {
  /// The state of `account` — any text that names the account and collection, e.g. a
  /// CalDAV list's URL — kept in a folder of its own under `folder`: a readable name
  /// made of the account's letters and digits, then a 16-digit hash of the whole text,
  /// so that two accounts never share a folder.
  ///
  /// <!-- doc-test: skip a fragment: `data` comes from its surroundings -->
  /// ```swift
  /// let state = SyncStateStore.forAccount(
  ///   "https://dav.example.com/ada/chores/", in: data.appending(path: "sync"))
  /// ```
  ///
  /// - Parameters:
  ///   - account: What identifies the account and collection.
  ///   - folder: The app's folder of sync states.
  ///   - name: The snapshot's key inside the account's folder.
  /// - Returns: The account's state store.
  public static func forAccount(_ account: String, in folder: URL, name: String = "sync-state")
    -> SyncStateStore
  {
    SyncStateStore(
      store: FileKeyValueStore(directory: accountFolder(account, in: folder)), name: name)
  }

  /// The folder of `account`'s state under `folder`, as ``forAccount(_:in:name:)`` uses
  /// it, and ``SyncSnapshotStore/forAccount(_:in:key:)`` for a state of another shape
  /// (feed's Google Reader sync keeps the id lists it last saw): the same rule, that a
  /// state belongs to the account it was made with.
  ///
  /// - Parameters:
  ///   - account: What identifies the account and collection.
  ///   - folder: The app's folder of sync states.
  /// - Returns: The account's folder (not created).
  public static func accountFolder(_ account: String, in folder: URL) -> URL {
    folder.appendingPathComponent(folderName(for: account), isDirectory: true)
  }

  /// The folder name of `account`'s state: at most 48 readable characters, `-`, then
  /// the FNV-1a hash of its UTF-8 bytes in hex.
  static func folderName(for account: String) -> String {
    var readable = ""
    for scalar in account.lowercased().unicodeScalars {
      if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) || scalar == "." {
        readable.unicodeScalars.append(scalar)
      } else if !readable.isEmpty, readable.last != "-" {
        readable.append("-")
      }
    }
    for prefix in ["https-", "http-"] where readable.hasPrefix(prefix) {
      readable.removeFirst(prefix.count)
    }
    readable = String(readable.prefix(48))
    while readable.hasSuffix("-") || readable.hasSuffix(".") { readable.removeLast() }
    while readable.hasPrefix(".") { readable.removeFirst() }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in account.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    let hex = String(repeating: "0", count: 16 - digits.count) + digits
    return readable.isEmpty ? hex : readable + "-" + hex
  }

  /// Whether anything is recorded: a snapshot, a journal record or a head.
  ///
  /// - Throws: `PersistenceError` when the folder cannot be read.
  public func isEmpty() throws -> Bool {
    try !store.keys().contains { $0 == name || $0.hasPrefix(name + "-") }
  }

  /// Moves the state recorded in `other` here, when nothing of this store's own is
  /// recorded yet: the snapshot and journal first, the head last (as
  /// ``finish(_:recording:quietVersion:)`` writes them), then removes them from
  /// `other`, head first. Used to move a state kept before states were kept per
  /// account into its account's folder.
  ///
  /// A mark written before the copy and removed after it makes a move that a crash
  /// interrupted start over on the next call: copying again what `other` still holds
  /// is harmless, since the copies are the same bytes.
  ///
  /// - Returns: Whether anything was moved.
  /// - Throws: `PersistenceError`.
  @discardableResult
  public func adopt(_ other: SyncStateStore) throws -> Bool {
    let mark = name + "-adopting"
    guard try !other.isEmpty() else {
      if try store.data(forKey: mark) != nil { try store.removeValue(forKey: mark) }
      return false
    }
    guard try isEmpty() || store.data(forKey: mark) != nil else { return false }
    try store.setData(Data(), forKey: mark)
    let head = other.name + "-head"
    let keys = try other.store.keys().filter {
      $0 == other.name || ($0.hasPrefix(other.name + "-") && $0 != other.name + "-adopting")
    }
    for key in keys.filter({ $0 != head }) + keys.filter({ $0 == head }) {
      guard let data = try other.store.data(forKey: key) else { continue }
      try store.setData(data, forKey: name + key.dropFirst(other.name.count))
    }
    for key in keys.filter({ $0 == head }) + keys.filter({ $0 != head }) {
      try other.store.removeValue(forKey: key)
    }
    try store.removeValue(forKey: mark)
    return true
  }
}
