import CoreTesting
import Foundation
import Testing

/// `Apps/start-from-sample.sh --help` prints its usage and exits 0, as a newcomer
/// who tries it first expects; without arguments it prints the usage to stderr (64).
@Suite("Apps/start-from-sample.sh says how it is used")
struct StartFromSampleScriptTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Apps/start-from-sample.sh")

  @Test("--help and -h print the usage on stdout and exit 0", arguments: ["--help", "-h"])
  func help(flag: String) async throws {
    let result = try await CompletionShells.run(
      "/bin/bash", [Self.script.path, flag], environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0)
    #expect(
      result.output.hasPrefix(
        "usage: Apps/start-from-sample.sh [--sample todo|feed|settings] NAME FOLDER\n")
    )
    #expect(result.output.contains("FOLDER    the package to copy into"))
    #expect(result.output.contains("--sample  the sample to start from"))
    #expect(result.error.isEmpty)
  }

  @Test("an unknown sample: exit 64 naming the samples, nothing created")
  func unknownSample() async throws {
    let folder = try TemporaryDirectory(prefix: "start-unknown")
    defer { folder.remove() }
    let target = folder.appending("app")
    let result = try await CompletionShells.run(
      "/bin/bash", [Self.script.path, "--sample", "blog", "app", target.path],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 64)
    #expect(result.error.contains("no sample 'blog': choose todo, feed or settings"))
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test("no arguments: the usage on stderr, exit 64, nothing created")
  func noArguments() async throws {
    let result = try await CompletionShells.run(
      "/bin/bash", [Self.script.path], environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("usage: "))
  }
}
