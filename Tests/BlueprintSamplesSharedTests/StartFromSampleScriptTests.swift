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
        "usage: Apps/start-from-sample.sh [--sample posts|todo|feed|settings] [--without-swiftui] NAME FOLDER\n"
      ))
    #expect(result.output.contains("FOLDER             the package to copy into"))
    #expect(result.output.contains("--sample           the sample to start from"))
    #expect(result.output.contains("--without-swiftui  leave out the SwiftUI app"))
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

  @Test("the copy is named for the app where the sample named itself; it ignores .build/")
  func appNames() async throws {
    let folder = try TemporaryDirectory(prefix: "start-names")
    defer { folder.remove() }
    let target = folder.appending("app")
    let result = try await CompletionShells.run(
      "/bin/bash", [Self.script.path, "chirps", target.path], environment: ["PATH": "/usr/bin:/bin"]
    )
    #expect(result.status == 0, "\(result.error)")
    let files = try FileManager.default.subpathsOfDirectory(atPath: target.path)
    for file in [
      "Sources/Chirps/AppIdentity+Chirps.swift", "Sources/Chirps/ChirpsRoute.swift",
      "Sources/Chirps/SwiftUI/ChirpsSwiftUIApp.swift", "Tests/ChirpsTests/ChirpsServer.swift",
    ] {
      #expect(files.contains(file), "\(files)")
    }
    #expect(!files.contains { $0.contains("AppIdentity+Posts") || $0.contains("PostsS") })
    let read = { (path: String) in
      try String(contentsOf: target.appendingPathComponent(path), encoding: .utf8)
    }
    #expect(try read("Tests/ChirpsTests/CommandTests.swift").contains(#"@Suite("chirps on the"#))
    #expect(try read("Sources/Chirps/SwiftUI/ChirpsSwiftUIApp.swift").contains("`chirps-app`"))
    #expect(try read("Sources/Chirps/Post.swift").contains("struct SavedPosts"))  // the domain's
    #expect(try read(".gitignore") == ".build/\n.swiftpm/\n")
    #if os(Linux)
      #expect(result.output.contains("is compiled\n  only on Apple platforms"))
    #endif
  }

  @Test("--without-swiftui: no SwiftUI app, no test of it, no target for it")
  func withoutSwiftUI() async throws {
    let folder = try TemporaryDirectory(prefix: "start-tui")
    defer { folder.remove() }
    let target = folder.appending("app")
    let result = try await CompletionShells.run(
      "/bin/bash", [Self.script.path, "--without-swiftui", "chirps", target.path],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.error)")
    let files = try FileManager.default.subpathsOfDirectory(atPath: target.path)
    #expect(files.contains("Sources/Chirps/HomeScreen.swift"))
    #expect(!files.contains { $0.contains("SwiftUI") }, "\(files)")
    let manifest = try String(
      contentsOf: target.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(!manifest.contains("ChirpsApp") && !manifest.contains("chirps-app"))
    #expect(manifest.contains(#"exclude: ["Main"]"#))
    #expect(!result.output.contains("only on Apple platforms"))
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
