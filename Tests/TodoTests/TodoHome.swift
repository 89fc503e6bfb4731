import Core
import CoreTesting
import Foundation

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// A temporary home for the built `todo`: its own XDG folders and a fixed time zone.
final class TodoHome: Sendable {
  let folder: TemporaryDirectory
  let product: BuiltProduct

  init() throws {
    folder = try TemporaryDirectory(prefix: "todo-tests")
    product = try BuiltProduct(appIdentity.name)
  }

  /// The environment the app sees: nothing inherited.
  var environment: [String: String] {
    folder.isolatedEnvironment(["TZ": "UTC"])
  }

  /// The stored list's file.
  var storeFile: URL {
    folder.appending("data/\(appIdentity.family)/\(appIdentity.name)/todos.json")
  }

  /// The stored file's bytes, or nil when there is none.
  var storedBytes: Data? { try? Data(contentsOf: storeFile) }

  /// Runs `todo` with `arguments`.
  @discardableResult
  func run(
    _ arguments: [String], environment extra: [String: String] = [:], input: Data = Data()
  ) throws -> ProductResult {
    try product.run(
      arguments, environment: environment.merging(extra) { _, new in new }, input: input)
  }

  /// Runs `todo` with `arguments` without holding a thread of the test pool while it
  /// runs: for long runs.
  func runToExit(
    _ arguments: [String], environment extra: [String: String] = [:]
  ) async throws -> ProductResult {
    try await product.runToExit(
      arguments, environment: environment.merging(extra) { _, new in new })
  }

  /// Runs `todo` and returns standard output, requiring exit 0.
  @discardableResult
  func output(_ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
    let result = try run(arguments, environment: extra)
    guard result.status == 0 else {
      throw Failed(arguments: arguments, status: result.status, error: result.error)
    }
    return result.output
  }

  /// Writes the shared settings file.
  func writeSettings(_ json: String) throws {
    let url = folder.appending("config/\(appIdentity.family)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data(json.utf8).write(to: url.appendingPathComponent("settings.json"))
  }

  struct Failed: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var error: String
    var description: String { "\(appIdentity.name) \(arguments) exited \(status): \(error)" }
  }
}
