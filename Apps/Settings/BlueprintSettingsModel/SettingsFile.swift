internal import BlueprintSamplesShared
package import CoreBase
package import Foundation

/// The shared settings file on disk: reads it, changes it in one locked
/// transaction, keeps a backup before replacing it, and checks every write, inside
/// the transaction, as every other app will read it.
///
/// The file is `$XDG_CONFIG_HOME/blueprint/settings.json` (see ``SharedSettings``);
/// the backup is `$XDG_CONFIG_HOME/blueprint/backups/settings.json`, written
/// atomically through a second store before `reset` or `import` or `edit` replaces
/// the file.
package struct SettingsFile: Sendable {
  /// The store of the shared config folder.
  package let store: FileKeyValueStore
  /// The store of the backup folder.
  package let backups: FileKeyValueStore

  private var key: String { SharedSettings.storeKey }

  /// The settings file of the XDG folders `directories`.
  ///
  /// - Parameter directories: Where the config folder is.
  package init(directories: XDGDirectories) {
    store = SharedSettings.makeStore(directories)
    backups = FileKeyValueStore(
      directory: directories.config.appendingPathComponent("backups", isDirectory: true))
  }

  /// The settings file's path.
  package var path: String { store.location(forKey: key) }
  /// The backup's path.
  package var backupPath: String { backups.location(forKey: key) }

  // MARK: - Reading

  /// The file's bytes, or `nil` when there is no file.
  ///
  /// - Returns: The bytes.
  /// - Throws: `PersistenceError` when the file cannot be read (74).
  package func data() throws -> Data? { try store.data(forKey: key) }

  /// The stored settings; all defaults when there is no file.
  ///
  /// - Returns: The document.
  /// - Throws: ``SettingError/corrupt(path:problem:)`` (65), or a `PersistenceError`.
  package func load() throws -> SettingsDocument {
    try data().map { try parse($0) } ?? SettingsDocument()
  }

  private func parse(_ data: Data) throws(SettingError) -> SettingsDocument {
    do {
      return try SettingsDocument(data: data, origin: .stored)
    } catch {
      throw .corrupt(path: path, problem: error)
    }
  }

  // MARK: - Writing

  /// Changes the settings as one transaction: no other process writes in between.
  ///
  /// - Parameters:
  ///   - keepsBackup: Whether to save the previous file as the backup first.
  ///   - isExpected: Whether the new document, read back as it will be stored,
  ///     holds what the caller meant; checked under the lock, before writing.
  ///   - body: Changes the document; throwing writes nothing.
  /// - Returns: The document as written.
  /// - Throws: ``SettingError`` (a corrupt file is never replaced), a
  ///   `PersistenceError` (73/74/75), or what `body` throws.
  @discardableResult
  package func update(
    keepsBackup: Bool = false, verifying isExpected: (SettingsDocument) -> Bool = { _ in true },
    _ body: (inout SettingsDocument) throws -> Void
  ) throws -> SettingsDocument {
    try store.updateData(forKey: key) { data in
      var document =
        try data.map { bytes throws(SettingError) in try parse(bytes) }
        ?? SettingsDocument()
      try body(&document)
      // No file and nothing to store (`reset KEY` on defaults): leave no empty file.
      if data == nil, document == SettingsDocument() {
        try check(nil, isExpected)
        return document
      }
      let encoded = try document.encoded()
      try check(encoded, isExpected)
      if keepsBackup, let old = data, old != encoded { try backups.setData(old, forKey: key) }
      data = encoded
      return document
    }
  }

  /// Replaces the whole file (or removes it, for `nil`), saving the previous file as
  /// the backup; the previous file is not parsed, so this also replaces a corrupt one.
  ///
  /// - Parameters:
  ///   - document: The new content; `nil` removes the file (all defaults).
  ///   - expected: When given, the bytes the file must still hold (an editor's
  ///     starting point); `.some(nil)` means "no file".
  ///   - isExpected: Whether the new document, read back as it will be stored,
  ///     holds what the caller meant; checked under the lock, before writing.
  /// - Returns: What happened: nothing, or a change with or without a backup.
  /// - Throws: ``SettingError/changedMeanwhile(path:)`` when the file is no
  ///   longer `expected`, or a `PersistenceError`.
  @discardableResult
  package func replace(
    with document: SettingsDocument?, expecting expected: Data?? = .none,
    verifying isExpected: (SettingsDocument) -> Bool = { _ in true }
  ) throws -> Replacement {
    let new = try document.map { try $0.encoded() }
    return try store.updateData(forKey: key) { data in
      if let expected, data != expected { throw SettingError.changedMeanwhile(path: path) }
      try check(new, isExpected)
      guard data != new else { return .unchanged }
      let hadFile = data != nil
      if let old = data { try backups.setData(old, forKey: key) }
      data = new
      return hadFile ? .replacedKeepingBackup : .created
    }
  }

  /// What ``replace(with:expecting:)`` did.
  package enum Replacement: Equatable, Sendable {
    /// The file already held that content.
    case unchanged
    /// There was no file; now there is one (no backup to keep).
    case created
    /// The previous file is now the backup.
    case replacedKeepingBackup
  }

  /// Checks the bytes about to be stored (`nil`: no file, all defaults) as every
  /// other app will read them. Runs inside the transaction, so another process's
  /// write cannot make a good write look wrong.
  ///
  /// - Throws: ``SettingError/notVerified(path:)`` when they do not hold what
  ///   `isExpected` wants, or ``SharedSettings`` would read them differently.
  private func check(_ bytes: Data?, _ isExpected: (SettingsDocument) -> Bool)
    throws(SettingError)
  {
    guard let bytes else {
      guard isExpected(SettingsDocument()) else { throw .notVerified(path: path) }
      return
    }
    let document = try parse(bytes)
    let shared = try? JSONDecoder().decode(SharedSettings.self, from: bytes)
    guard shared == document.settings, isExpected(document) else {
      throw .notVerified(path: path)
    }
  }
}
