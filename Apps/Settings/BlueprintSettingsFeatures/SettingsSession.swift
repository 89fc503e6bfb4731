internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import Observation

/// The settings the interactive editor works on, shared by its screens: the
/// document as last read or written, and the only way to change it.
///
/// Every change goes through ``SettingsFile`` exactly as the `set` command does —
/// one locked transaction, then read back — so the editor and the command line
/// can run at the same time without losing each other's changes. The transaction
/// runs off the main actor (Core's `BlockingWork`), so a `settings set` holding the
/// lock never freezes the editor's screen.
@MainActor @Observable
final class SettingsSession {
  /// The file the settings live in.
  let file: SettingsFile
  /// Where the transactions run; the editor settles it when it quits.
  let work: BlockingWork
  /// The document as last read or written.
  private(set) var document: SettingsDocument
  /// The last change made, e.g. `appearance = dark`, for the list to show.
  private(set) var lastChange: String?
  /// The contrast pairs the last change left too weak, as `settings set` warns; `nil`
  /// when the last change was not a palette color or left every pair strong enough.
  private(set) var contrastWarning: ContrastWarning?

  /// Reads the settings on a thread of `work` (the main actor does not wait for the
  /// disk) and opens a session on them.
  ///
  /// - Parameters:
  ///   - file: The settings file.
  ///   - work: Where the read and the transactions run.
  /// - Returns: The session.
  /// - Throws: ``SettingError/corrupt(path:problem:)`` (65) when the file is damaged.
  static func open(file: SettingsFile, work: BlockingWork = BlockingWork()) async throws
    -> SettingsSession
  {
    let document = try await work.read { try file.load() }
    return SettingsSession(file: file, document: document, work: work)
  }

  /// A session on settings already read.
  ///
  /// - Parameters:
  ///   - file: The settings file.
  ///   - document: Its content, as read.
  ///   - work: Where the transactions run.
  init(file: SettingsFile, document: SettingsDocument, work: BlockingWork = BlockingWork()) {
    self.file = file
    self.work = work
    self.document = document
  }

  /// The typed settings.
  var settings: SharedSettings { document.settings }

  /// Checks and stores a value.
  ///
  /// - Parameters:
  ///   - setting: The setting to change.
  ///   - text: The value as typed.
  /// - Returns: The canonical value stored.
  /// - Throws: ``SettingError`` (nothing written), a file error.
  @discardableResult
  func set(_ setting: Setting, to text: String) async throws -> String {
    let canonical = try setting.canonicalize(text)
    let holdsValue: @Sendable (SettingsDocument) -> Bool = { document in
      setting.storedText(in: document.settings) == canonical
    }
    document = try await work.run("set \(setting.key) to \(canonical)") { [file] commit in
      try file.update(verifying: holdsValue) {
        try setting.assign(canonical, in: &$0.settings)
        try commit()
      }
    }
    lastChange = "\(setting.key) = \(canonical)"
    contrastWarning = ContrastWarning(afterSetting: setting.key, in: document.settings.theme)
    return canonical
  }

  /// Returns a setting to its default, keeping a backup of the file.
  ///
  /// - Parameter setting: The setting.
  /// - Throws: A file error.
  func reset(_ setting: Setting) async throws {
    let isCleared: @Sendable (SettingsDocument) -> Bool = { document in
      setting.storedText(in: document.settings) == nil
    }
    document = try await work.run("reset \(setting.key)") { [file] commit in
      try file.update(keepsBackup: true, verifying: isCleared) {
        setting.clear(in: &$0.settings)
        try commit()
      }
    }
    lastChange = "\(setting.key) reset to \(setting.defaultText ?? "(not set)")"
    contrastWarning = ContrastWarning(afterSetting: setting.key, in: document.settings.theme)
  }
}
