import CoreTerminal
import CoreTesting
import Foundation
import Testing

/// `Apps/install.sh` on a fresh prefix, with the apps this test run built (`--from`, so
/// no release build happens here): it installs working apps, manual pages and
/// completions; a second run changes nothing; uninstall leaves the prefix as it was.
@Suite("Apps/install.sh installs, reinstalls and uninstalls exactly its files")
struct InstallScriptTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Apps/install.sh")
  static let installed = ["todo", "feed", "settings"].flatMap { app in
    [
      "bin/\(app)", "share/man/man1/\(app).1", "share/bash-completion/completions/\(app)",
      "share/zsh/site-functions/_\(app)", "share/fish/vendor_completions.d/\(app).fish",
    ]
  }

  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory(prefix: "install") }

  private func install(_ arguments: [String]) async throws -> CompletionShells.Outcome {
    try await CompletionShells.run(
      "/bin/bash", [Self.script.path] + arguments + ["--from", BuiltProduct.productsFolder.path],
      environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
  }

  /// Every path below `folder`, relative, with its size for files.
  private func tree(_ folder: URL) -> [String] {
    let manager = FileManager.default
    guard let paths = manager.subpaths(atPath: folder.path) else { return [] }
    return paths.sorted().map { path in
      let attributes = try? manager.attributesOfItem(
        atPath: folder.appendingPathComponent(path).path)
      return "\(path) \((attributes?[.size] as? Int).map(String.init) ?? "")"
    }
  }

  @Test(
    "a prefix that did not exist gets the apps, and is gone again after uninstall",
    .timeLimit(.minutes(10)))
  func freshPrefix() async throws {
    let prefix = home.appending("fresh/.local")
    let first = try await install(["--prefix", prefix.path])
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output.contains("is not on your PATH"))
    let paths = Set(tree(prefix).map { String($0.split(separator: " ")[0]) })
    for path in Self.installed { #expect(paths.contains(path), "\(path)") }
    let version = try await CompletionShells.run(
      prefix.appendingPathComponent("bin/todo").path, ["--version"])
    #expect(version.output == "todo 1.0.0\n")
    let page = try String(
      contentsOf: prefix.appendingPathComponent("share/man/man1/feed.1"), encoding: .utf8)
    #expect(page.contains(".SH \"EXIT STATUS\""))
    let bash = try await CompletionShells.run(
      "/bin/bash",
      ["-n", prefix.appendingPathComponent("share/bash-completion/completions/settings").path])
    #expect(bash.status == 0)

    let snapshot = tree(prefix)
    let second = try await install(["install", "--prefix", prefix.path])
    #expect(second.status == 0, "\(second.error)")
    #expect(tree(prefix) == snapshot, "a second install changes nothing")

    let removed = try await install(["uninstall", "--prefix", prefix.path])
    #expect(removed.status == 0, "\(removed.error)")
    #expect(removed.output.contains("Removed 15 files"))
    #expect(!FileManager.default.fileExists(atPath: prefix.path))
    #expect(FileManager.default.fileExists(atPath: home.appending("fresh").path))
  }

  @Test(
    "files of others in the prefix stay, and the prefix is as it was after uninstall",
    .timeLimit(.minutes(10)))
  func sharedPrefix() async throws {
    let prefix = home.appending("usr")
    for path in ["bin/other", "share/man/man1/other.1", "share/zsh/site-functions/_other"] {
      let url = prefix.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("keep \(path)\n".utf8).write(to: url)
    }
    let before = tree(prefix)
    #expect(try await install(["--prefix=\(prefix.path)"]).status == 0)
    #expect(tree(prefix).count > before.count)
    #expect(try await install(["uninstall", "--prefix=\(prefix.path)"]).status == 0)
    #expect(tree(prefix) == before)
    let again = try await install(["uninstall", "--prefix=\(prefix.path)"])
    #expect(again.status == 0)
    #expect(again.output.contains("Nothing to uninstall"))
  }

  @Test("a file of the same name from elsewhere is left alone, and nothing is installed")
  func foreignFile() async throws {
    let prefix = home.appending("local")
    let foreign = prefix.appendingPathComponent("bin/todo")
    try FileManager.default.createDirectory(
      at: foreign.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("#!/bin/sh\necho another todo\n".utf8).write(to: foreign)
    let before = tree(prefix)
    let result = try await install(["--prefix", prefix.path])
    #expect(result.status == 73)
    #expect(result.error.contains("not installed by this script, so left alone: \(foreign.path)"))
    #expect(tree(prefix) == before)
  }

  @Test("a wrong argument is a usage error that installs nothing")
  func usage() async throws {
    let result = try await install(["--prefixx", home.appending("p").path])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("install.sh: error: unknown argument '--prefixx'\nhint: "))
    #expect(!FileManager.default.fileExists(atPath: home.appending("p").path))
  }
}
