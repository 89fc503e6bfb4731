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
        "usage: Apps/start-from-sample.sh [--sample posts|todo|feed|settings] NAME FOLDER\n")
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
    #expect(result.error.contains("no sample 'blog': choose posts, todo, feed or settings"))
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  /// A copy named as one of Blueprint's commands or modules (or the toolchain's) does
  /// not build beside Blueprint: SwiftPM builds Blueprint's sample too, or refuses two
  /// targets of one name. Such names, and ones that make odd modules, are refused.
  @Test(
    "a name that is taken or malformed: exit 64 saying why, nothing created",
    arguments: [
      ("posts", "posts", "Blueprint has a command named 'posts'"),
      ("posts", "blueprint-posts", "would make the module BlueprintPosts,"),
      ("todo", "todo", "Blueprint has a command named 'todo'"),
      ("feed", "feed", "Blueprint has a command named 'feed'"),
      ("todo", "todo-app", "Blueprint has a command named 'todo-app'"),
      ("feed", "core", "NAME 'core' would make the module Core"),
      ("settings", "blueprint-todo", "would make the module BlueprintTodo,"),
      ("todo", "testing", "would make the module Testing,"),
      ("todo", "chores-", "NAME must be lower case words"),
      ("todo", "a--b", "NAME must be lower case words"),
    ])
  func takenOrMalformedName(sample: String, name: String, message: String) async throws {
    let folder = try TemporaryDirectory(prefix: "start-name")
    defer { folder.remove() }
    let target = folder.appending("app")
    let result = try await CompletionShells.run(
      "/bin/bash", [Self.script.path, "--sample", sample, name, target.path],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("start-from-sample: error: "))
    #expect(result.error.contains(message))
    #expect(result.output.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test("a free name next to a taken one is copied: my-todo")
  func freeName() async throws {
    let folder = try TemporaryDirectory(prefix: "start-free")
    defer { folder.remove() }
    let target = folder.appending("app")
    let result = try await CompletionShells.run(
      "/bin/bash", [Self.script.path, "--sample", "settings", "my-todo", target.path],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    #expect(
      FileManager.default.fileExists(
        atPath: target.appendingPathComponent("Sources/MyTodo/Model/SettingType.swift").path))
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
