import Core
import CoreTerminal

/// A mistake in a key or value the user typed; nothing was changed (exit 64).
enum SettingError: Error, Hashable, AppErrorConvertible {
  /// No setting has this key; `suggestion` is the closest one, if any is close.
  case unknownKey(String, suggestion: String?)
  /// The value is not valid for the setting.
  case invalidValue(key: String, value: String, reason: String, choices: [String])

  /// One line for `settings: error: …`.
  var message: String {
    switch self {
    case .unknownKey(let key, _):
      return "unknown setting '\(visible(key))'"
    case .invalidValue(let key, _, let reason, _):
      return "invalid value for \(key): \(reason)"
    }
  }

  /// The next step: "did you mean", or the valid choices.
  var hint: String? {
    switch self {
    case .unknownKey(_, let suggestion?):
      return "did you mean '\(suggestion)'?"
    case .unknownKey:
      return "run '\(appIdentity.name) list' to see every key"
    case .invalidValue(let key, _, _, let choices) where !choices.isEmpty:
      return
        "valid values: \(choices.joined(separator: ", ")) (see '\(appIdentity.name) describe \(key)')"
    case .invalidValue(let key, _, _, _):
      let detail = Setting.all.first { $0.key == key }.map { "expected \($0.detail); " } ?? ""
      return "\(detail)see '\(appIdentity.name) describe \(key)'"
    }
  }

  /// The error as the runner reports it, exit 64.
  var appError: AppError { AppError(message, hint: hint, exitCode: .usage) }
}
