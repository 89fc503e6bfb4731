/// The rules every store applies to key names.
///
/// A key is 1–128 UTF-8 bytes, does not start with `.`, contains no `..`, no `/`
/// or `\`, and no control characters — so it is always a plain file name inside
/// the store's folder.
public enum StoreKeyRules {
  /// The longest key, in UTF-8 bytes.
  public static let maximumLength = 128

  /// Checks `key` against the rules.
  ///
  /// - Parameter key: The key to check.
  /// - Throws: ``PersistenceError/invalidKey(key:reason:)`` naming the broken rule.
  public static func validate(_ key: String) throws(PersistenceError) {
    if let reason = problem(with: key) { throw .invalidKey(key: key, reason: reason) }
  }

  /// Whether `key` follows the rules.
  ///
  /// - Parameter key: The key to check.
  /// - Returns: `true` when ``validate(_:)`` would not throw.
  public static func isValid(_ key: String) -> Bool { problem(with: key) == nil }

  private static func problem(with key: String) -> String? {
    if key.isEmpty { return "keys may not be empty" }
    if key.utf8.count > maximumLength { return "keys may be at most \(maximumLength) bytes" }
    if key.hasPrefix(".") { return "keys may not start with '.'" }
    if key.contains("..") { return "keys may not contain '..'" }
    if key.contains("/") || key.contains("\\") { return "keys may not contain '/' or '\\'" }
    if key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "keys may not contain control characters"
    }
    return nil
  }
}
