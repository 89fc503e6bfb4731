import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation

@testable import BlueprintSettingsFeatures

/// A temporary home for the settings app: XDG folders, the environment to run the
/// built executable with, and the files it writes.
final class SettingsFixture: Sendable {
  let folder: TemporaryDirectory
  let product: BuiltProduct

  init() throws {
    folder = try TemporaryDirectory(prefix: "settings-tests")
    product = try BuiltProduct(appIdentity.name)
  }

  /// The environment: temporary HOME and XDG folders, nothing inherited.
  var environment: [String: String] {
    folder.isolatedEnvironment()
  }

  /// `$XDG_CONFIG_HOME/<family>/settings.json`.
  var settingsURL: URL { folder.appending("config/\(appIdentity.family)/settings.json") }
  /// The backup the app keeps before replacing the file.
  var backupURL: URL { folder.appending("config/\(appIdentity.family)/backups/settings.json") }

  /// The settings file's text, or `nil` when there is none.
  var settingsText: String? {
    (try? Data(contentsOf: settingsURL)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Writes the settings file directly, as a person or another version might.
  func writeSettings(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: settingsURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: settingsURL)
  }

  /// Runs the built `settings` executable.
  func run(_ arguments: [String], environment extra: [String: String] = [:], input: String = "")
    throws -> ProductResult
  {
    try product.run(
      arguments, environment: environment.merging(extra) { $1 }, input: Data(input.utf8))
  }

  /// The stored settings as every app reads them.
  func sharedSettings() throws -> SharedSettings {
    try SharedSettings.load(
      from: SharedSettings.makeStore(
        XDGDirectories(environment: environment, identity: appIdentity))
    )
  }
}
