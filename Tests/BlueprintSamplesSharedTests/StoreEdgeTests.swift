import CoreTesting
import Foundation
import Testing

/// Edges of every sample's store, through the built executables: a store the user
/// made read-only and a store that is a dangling symbolic link.
@Suite("store edges in every sample: read-only files, dangling links")
struct StoreEdgeTests {
  /// One sample's store: the command that creates it, one that reads it, one that
  /// changes it, and the file.
  struct Sample: CustomStringConvertible, Sendable {
    var app: String
    var create: [String]
    var read: [String]
    var change: [String]
    var file: String
    var description: String { app }
  }

  static let samples = [
    Sample(
      app: "todo", create: ["add", "milk"], read: ["list"], change: ["add", "eggs"],
      file: "data/blueprint/todo/todos.json"),
    Sample(
      app: "feed", create: ["add", "https://a.example/feed"], read: ["list"],
      change: ["add", "https://b.example/feed"], file: "data/blueprint/feed/subscriptions.json"),
    Sample(
      app: "settings", create: ["set", "displayName", "Ada"], read: ["get", "displayName"],
      change: ["set", "displayName", "Grace"], file: "config/blueprint/settings.json"),
  ]

  /// Runs the sample's first command; `feed add` of an address with no server adds
  /// the feed all the same and says the fetch failed (69).
  func create(_ sample: Sample, with product: BuiltProduct, in environment: [String: String])
    throws
  {
    let result = try product.run(sample.create, environment: environment)
    #expect(result.status == 0 || (sample.app == "feed" && result.status == 69), "\(result.error)")
  }

  @Test(
    "a store made read-only (0400) is read, and refused for writing naming the mode",
    arguments: samples)
  func readOnly(sample: Sample) throws {
    let home = try TemporaryDirectory(prefix: "read-only")
    let environment = home.isolatedEnvironment()
    let product = try BuiltProduct(sample.app)
    try create(sample, with: product, in: environment)
    let file = home.appending(sample.file).path
    try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: file)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))

    let read = try product.run(sample.read, environment: environment)
    #expect(read.status == 0, "\(sample.app) \(sample.read): \(read.error)")
    let change = try product.run(sample.change, environment: environment)
    #expect(change.status == 74, "\(sample.app) \(sample.change): \(change.error)")
    #expect(change.error.hasPrefix("\(sample.app): error: "), "\(change.error)")
    #expect(change.error.contains(file))
    #expect(change.error.contains("read-only (mode 0400)"), "\(change.error)")
    #expect(change.error.contains("hint: to allow changes, make it writable: chmod u+w \(file)"))
    // Left as it was: same bytes, same mode, not replaced by a new 0600 file.
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o400)
  }

  @Test("a dangling store link: the error names the link and where it points", arguments: samples)
  func danglingLink(sample: Sample) throws {
    let home = try TemporaryDirectory(prefix: "dangling")
    let environment = home.isolatedEnvironment()
    let product = try BuiltProduct(sample.app)
    try create(sample, with: product, in: environment)
    let link = home.appending(sample.file).path
    let target = home.appending("gone/elsewhere.json").path
    try FileManager.default.removeItem(atPath: link)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

    for arguments in [sample.read, sample.change] {
      let result = try product.run(arguments, environment: environment)
      #expect(result.status == 74, "\(sample.app) \(arguments): \(result.error)")
      #expect(
        result.error.contains("\(link): it is a symbolic link to \(target), which does not exist"),
        "\(sample.app) \(arguments): \(result.error)")
      #expect(result.error.contains("rm \(link)"), "\(result.error)")
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(!FileManager.default.fileExists(atPath: target))
  }
}
