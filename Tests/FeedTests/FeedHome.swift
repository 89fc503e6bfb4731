import BlueprintFeedFeatures
import Core
import CoreTesting
import Foundation
import Testing

/// A temporary home for the built `feed`: its own XDG folders, nothing inherited. The
/// one fixture of the suites that run the executable, as `TodoHome` is todo's.
final class FeedHome: Sendable {
  /// The temporary folder that holds the XDG folders and the tests' own files.
  let folder: TemporaryDirectory
  /// The built executable.
  let product: BuiltProduct
  private let terminal: String?

  /// - Parameters:
  ///   - prefix: The temporary folder's name prefix.
  ///   - terminal: The `TERM` the app sees; `nil` for none.
  /// - Throws: When the folder cannot be made or the app is not built.
  init(prefix: String = "feed-tests", terminal: String? = "xterm-256color") throws {
    folder = try TemporaryDirectory(prefix: prefix)
    product = try BuiltProduct(appIdentity.name)
    self.terminal = terminal
  }

  /// The environment the app sees.
  var environment: [String: String] {
    folder.isolatedEnvironment(terminal.map { ["TERM": $0] } ?? [:])
  }

  /// The app's data folder.
  var dataFolder: URL { folder.appending("data/\(appIdentity.family)/\(appIdentity.name)") }

  /// A path inside the home.
  func appending(_ path: String) -> URL { folder.appending(path) }

  /// Runs the app with `arguments`, expecting `status`.
  @discardableResult
  func run(
    _ arguments: String..., expect status: Int32 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ProductResult {
    try run(arguments, expect: status, sourceLocation: sourceLocation)
  }

  /// Runs the app with `arguments`, expecting `status`.
  @discardableResult
  func run(
    _ arguments: [String], expect status: Int32 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ProductResult {
    let result = try product.run(arguments, environment: environment)
    #expect(
      result.status == status,
      "\(appIdentity.name) \(arguments.joined(separator: " ")): \(result.error)",
      sourceLocation: sourceLocation)
    return result
  }

  /// Runs the app with `arguments` without holding a thread of the test pool while it
  /// runs (for runs that fetch), expecting `status`.
  @discardableResult
  func runToExit(
    _ arguments: String..., expect status: Int32 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProductResult {
    try await runToExit(arguments, expect: status, sourceLocation: sourceLocation)
  }

  /// Runs the app with `arguments` without holding a thread of the test pool, expecting
  /// `status`.
  @discardableResult
  func runToExit(
    _ arguments: [String], expect status: Int32 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProductResult {
    let result = try await product.runToExit(arguments, environment: environment)
    #expect(
      result.status == status,
      "\(appIdentity.name) \(arguments.joined(separator: " ")): \(result.error)",
      sourceLocation: sourceLocation)
    return result
  }

  /// Writes `text` to a file `name` in the home and returns its path.
  func write(_ text: String, to name: String) throws -> String {
    let url = folder.appending(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Runs `feed` with `folder` as its current directory (a file named as typed).
  func run(in folder: URL, _ arguments: String...) async throws -> (
    status: Int32, output: String, error: String
  ) {
    let process = Process()
    process.executableURL = product.url
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = folder
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let status = try await process.runToExit()
    let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (status, out, err)
  }
}
