internal import BlueprintSamplesShared
package import BlueprintSettingsModel
internal import CoreBase
package import CoreTerminal

extension SettingError: AppErrorConvertible {
  /// One line for `settings: error: …`; the interactive editor shows it in its
  /// status line.
  var message: String { appError.message }

  /// The next step: "did you mean", the valid choices, or the command that fixes it.
  var hint: String? { appError.hint }

  /// The error as the command line says it: `settings: error: MESSAGE`, a hint that
  /// names the command to run next, and a sysexits code (64 for a key or value
  /// typed wrong, 65 for a corrupt file, 75 when the file changed meanwhile, 74
  /// when a write would not read back).
  package var appError: AppError {
    switch self {
    case .unknownKey(let key, let suggestion):
      return AppError(
        "unknown setting '\(visible(key))'",
        hint: suggestion.map { "did you mean '\($0)'?" }
          ?? "run '\(appIdentity.name) list' to see every key",
        exitCode: .usage)
    case .invalidValue(let key, _, let reason, let choices) where !choices.isEmpty:
      return AppError(
        "invalid value for \(key): \(reason)",
        hint:
          "valid values: \(choices.joined(separator: ", ")) (see '\(appIdentity.name) describe \(key)')",
        exitCode: .usage)
    case .invalidValue(let key, _, let reason, _):
      let detail = Setting.all.first { $0.key == key }.map { "expected \($0.detail); " } ?? ""
      return AppError(
        "invalid value for \(key): \(reason)",
        hint: "\(detail)see '\(appIdentity.name) describe \(key)'", exitCode: .usage)
    case .corrupt(let path, let problem):
      let restore =
        PersistenceError.corrupted(key: SharedSettings.storeKey, path: path, underlying: self)
        .hint.map { $0 + "; or " } ?? ""
      return AppError(
        "the settings file \(path) is corrupt: \(problem.message); it was left untouched",
        hint: restore
          + "fix it with '\(appIdentity.name) edit', or start over with '\(appIdentity.name) reset --all' "
          + "(keeps a backup)",
        exitCode: .dataError)
    case .changedMeanwhile(let path):
      return AppError(
        "\(path) changed while it was being edited; nothing was saved",
        hint: "run '\(appIdentity.name) edit' again", exitCode: .tempFail)
    case .notVerified(let path):
      return AppError(
        "the new settings would not read back as written; \(path) was not changed",
        exitCode: .ioError)
    }
  }
}

extension DocumentProblem {
  /// One line: what is wrong, `KEY: REASON` when a setting is to blame, e.g.
  /// `not valid JSON at line 3, column 5: …` or `appearance: 'dim' is not one of …`.
  var message: String {
    switch self {
    case .notJSON(let underlying, let data):
      CommandLineErrorDescription.describe(underlying, in: data)
    case .notAnObject:
      "expected a JSON object of settings"
    case .unreadableAsSettings:
      "the apps cannot read it as settings"
    case .duplicateKey(let key, let line, let column):
      "the key '\(visible(key))' appears twice (again at line \(line), column \(column))"
    case .unknownKey(let key, let suggestion):
      "unknown setting '\(visible(key))'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .invalidValue(let key, let reason):
      "\(key): \(reason)"
    }
  }
}
