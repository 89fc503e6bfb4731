import BlueprintSettingsModel
import Core
import CoreTerminal
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// The model throws what went wrong; the command line words it. These are the
/// words the app printed when the model threw command-line errors itself.
@Suite("SettingError as the command line words it")
struct SettingErrorWordingTests {
  private static let path = "/nowhere/settings.json"
  private static let name = appIdentity.name

  @Test(
    "message, hint and exit code",
    arguments: [
      (
        SettingError.unknownKey("apperance", suggestion: "appearance"),
        "unknown setting 'apperance'", "did you mean 'appearance'?", 64
      ),
      (
        .unknownKey("volume\u{1B}", suggestion: nil), "unknown setting 'volume\\x1B'",
        "run '\(name) list' to see every key", 64
      ),
      (
        .invalidValue(
          key: "appearance", value: "dim", reason: "'dim' is not one of system, light, dark",
          choices: ["system", "light", "dark"]),
        "invalid value for appearance: 'dim' is not one of system, light, dark",
        "valid values: system, light, dark (see '\(name) describe appearance')", 64
      ),
      (
        .invalidValue(key: "theme.accent", value: "red", reason: "too red", choices: []),
        "invalid value for theme.accent: too red",
        "expected color: #RGB, #RGBA, #RRGGBB, #RRGGBBAA, or LIGHT/DARK such as #5E5CE6/#7D7AFF; "
          + "see '\(name) describe theme.accent'", 64
      ),
      (
        .corrupt(path: path, problem: .duplicateKey("appearance", line: 3, column: 3)),
        "the settings file \(path) is corrupt: the key 'appearance' appears twice "
          + "(again at line 3, column 3); it was left untouched",
        "fix it with '\(name) edit', or start over with '\(name) reset --all' (keeps a backup)",
        65
      ),
      (
        .corrupt(path: path, problem: .notJSON(underlying: notJSON, data: notJSONData)),
        "the settings file \(path) is corrupt: not valid JSON at line 2, column 1: "
          + "expected a key; it was left untouched",
        "fix it with '\(name) edit', or start over with '\(name) reset --all' (keeps a backup)",
        65
      ),
      (
        .changedMeanwhile(path: path),
        "\(path) changed while it was being edited; nothing was saved",
        "run '\(name) edit' again", 75
      ),
    ] as [(SettingError, String, String, Int32)])
  func words(error: SettingError, message: String, hint: String, code: Int32) {
    let words = error.appError
    #expect(words.message == message)
    #expect(words.hint == hint)
    #expect(words.exitCode.rawValue == code)
  }

  @Test("a write that would not read back: 74, no hint")
  func notVerified() {
    let words = SettingError.notVerified(path: Self.path).appError
    #expect(
      words.message
        == "the new settings would not read back as written; \(Self.path) was not changed")
    #expect(words.hint == nil)
    #expect(words.exitCode == .ioError)
  }

  @Test(
    "a document's problem in one line, the key first when one is to blame",
    arguments: [
      (DocumentProblem.notAnObject, "expected a JSON object of settings"),
      (.unreadableAsSettings, "the apps cannot read it as settings"),
      (
        .unknownKey("apperance", suggestion: "appearance"),
        "unknown setting 'apperance'; did you mean 'appearance'?"
      ),
      (.unknownKey("volume", suggestion: nil), "unknown setting 'volume'"),
      (.invalidValue(key: "appearance", reason: "too dim"), "appearance: too dim"),
    ])
  func documentProblem(problem: DocumentProblem, message: String) {
    #expect(problem.message == message)
  }

  @Test("the editor's status line says the message, without the command-line hint")
  func statusLine() {
    #expect(
      CommandLineErrorDescription.describe(SettingError.unknownKey("x", suggestion: nil))
        == "unknown setting 'x'")
  }

  private static let notJSONData = Data("{\n".utf8)
  /// What the settings file's one read (`StrictJSON.decode`) throws for it.
  private static var notJSON: any Error {
    do {
      _ = try StrictJSON.decode(JSONValue.self, from: notJSONData)
      return CancellationError()
    } catch {
      return error
    }
  }
}
