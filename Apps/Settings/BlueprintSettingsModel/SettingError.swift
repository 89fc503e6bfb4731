package import Foundation

/// What went wrong with the settings, and with which key, value, file or line.
///
/// A domain error: it says what failed, never how to show it. Each shell words it —
/// the command line as a message, a hint and an exit code
/// (`SettingError+CommandLine.swift`), the interactive editor in its status line.
package enum SettingError: Error, Hashable, Sendable {
  /// No setting has this key; `suggestion` is the closest one, if any is close.
  case unknownKey(String, suggestion: String?)
  /// The value typed for `key` is not valid for it: why (one line, the value
  /// escaped), and the valid values of a closed type (empty when open).
  case invalidValue(key: String, value: String, reason: String, choices: [String])
  /// The stored file at `path` is not a valid settings file; it was left as it is.
  case corrupt(path: String, problem: DocumentProblem)
  /// The file at `path` changed while an editor had a copy open; nothing was saved.
  case changedMeanwhile(path: String)
  /// The new settings would not read back as meant; `path` was not changed.
  case notVerified(path: String)
}

/// What is wrong with a settings document (the stored file, or one a person wrote),
/// and where.
package enum DocumentProblem: Error, Hashable, Sendable {
  /// The bytes are not JSON. `underlying` is the JSON reader's error and `data` the
  /// bytes it read, so that a shell can say the line and column. Two such problems
  /// are equal when the bytes are: the reader's error follows from them.
  case notJSON(underlying: any Error, data: Data)
  /// The document is JSON but not an object of settings.
  case notAnObject
  /// The apps' own reading of the shared settings (``SharedSettings``) cannot read it.
  case unreadableAsSettings
  /// `key` appears twice in one object; its second appearance starts at `line` and
  /// `column` (both from 1, the column in bytes).
  case duplicateKey(String, line: Int, column: Int)
  /// A file a person wrote names a setting that does not exist.
  case unknownKey(String, suggestion: String?)
  /// The value of `key` is not valid: why, in one line (the value escaped).
  case invalidValue(key: String, reason: String)

  /// The setting to blame, when one is.
  package var key: String? {
    if case .invalidValue(let key, _) = self { return key }
    return nil
  }

  /// Whether two problems are the same: the same case and data (for `notJSON`, the
  /// same bytes).
  package static func == (lhs: DocumentProblem, rhs: DocumentProblem) -> Bool {
    switch (lhs, rhs) {
    case (.notJSON(_, let left), .notJSON(_, let right)): left == right
    case (.notAnObject, .notAnObject), (.unreadableAsSettings, .unreadableAsSettings): true
    case (.duplicateKey(let a, let b, let c), .duplicateKey(let d, let e, let f)):
      a == d && b == e && c == f
    case (.unknownKey(let a, let b), .unknownKey(let c, let d)): a == c && b == d
    case (.invalidValue(let a, let b), .invalidValue(let c, let d)): a == c && b == d
    default: false
    }
  }

  /// Hashes the case's data (for `notJSON`, the bytes).
  package func hash(into hasher: inout Hasher) {
    switch self {
    case .notJSON(_, let data): hasher.combine(data)
    case .notAnObject: hasher.combine(1)
    case .unreadableAsSettings: hasher.combine(2)
    case .duplicateKey(let key, let line, let column):
      hasher.combine(key)
      hasher.combine(line)
      hasher.combine(column)
    case .unknownKey(let key, let suggestion):
      hasher.combine(key)
      hasher.combine(suggestion)
    case .invalidValue(let key, let reason):
      hasher.combine(key)
      hasher.combine(reason)
    }
  }
}
