import CoreTesting
import Foundation
import Testing

@testable import CoreTerminal

/// Completion scripts generated from a spec, loaded into the real shells: every kind
/// of completion (commands, options, listed values, a shell command's lines, files,
/// folders) is asked for as a user would press Tab. A shell that is not installed
/// skips its test, saying so (`apt-get install zsh fish` to run them all).
@Suite("Completion scripts generated from a spec, in bash, zsh and fish")
struct CompletionScriptTests {
  static let spec = CommandLineSpec(
    name: "demo", version: "2.0", summary: "Try every kind of completion.",
    commands: [
      CommandSpec(
        "add", summary: "Add it's thing [x]: a test.",
        options: [
          .option("level", short: "l", valueName: "level", help: "low or high [default: low].")
            .completing(.list(["low", "high"])),
          .option("tag", short: "t", valueName: "tag", help: "A tag.", isRepeatable: true),
          .flag("quiet", short: "q", help: "Say less."),
        ],
        arguments: [
          .required("name", help: "Its name.").completing(
            .shellCommand("printf 'alpha\\nbeta\\n'")),
          .variadic("files", help: "Files to attach.").completing(.file),
        ]),
      CommandSpec(
        "remove", summary: "Remove it.",
        arguments: [.required("id", help: "Its id.").completing(.list(["10", "11", "20"]))]),
      CommandSpec(
        "export", summary: "Export everything.",
        options: [.option("to", valueName: "folder", help: "Where.").completing(.directory)]
      ),
      CommandSpec(
        "set", summary: "Set a key; its values depend on the key.",
        options: [.flag("force", help: "Even so.")],
        arguments: [
          .required("key", help: "The key.").completing(.list(["size", "shape"])),
          .required("value", help: "Its value.").completing(
            .shellCommand(
              #"case "$1" in size) echo small; echo large ;; shape) echo round ;; esac"#)),
        ]),
    ],
    globalOptions: [.flag("verbose", short: "v", help: "Say more.")])

  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "completion")
    try Data().write(to: folder.appending("notes.txt"))
    try Data().write(to: folder.appending("other.md"))
    try FileManager.default.createDirectory(
      at: folder.appending("sub"), withIntermediateDirectories: true)
  }

  private func script(_ shell: CompletionShell) throws -> URL {
    let url = folder.appending("demo.\(shell)")
    try Data(try #require(Self.spec.completionScript(for: shell)).utf8).write(to: url)
    return url
  }

  private func candidates(_ words: [String], _ shell: CompletionShell) async throws -> [String] {
    try await CompletionShells.candidates(
      for: words, script: try script(shell), shell: shell, folder: folder)
  }

  // MARK: - Every shell

  @Test(
    "the script names every command and every option of the spec", arguments: CompletionShell.all)
  func namesEverything(shell: CompletionShell) throws {
    let script = try #require(Self.spec.completionScript(for: shell))
    for command in Self.spec.commands {
      #expect(script.contains(command.name), "\(shell): \(command.name)")
      for option in command.options {
        #expect(script.contains("\(option.name)"), "\(shell): --\(option.name)")
        if let short = option.short { #expect(script.contains("\(short)"), "\(shell): -\(short)") }
      }
    }
    for name in ["--color", "--verbose", "--help", "--version"] {
      #expect(script.contains(name.dropFirst(2)), "\(shell): \(name)")
    }
    #expect(Self.spec.completionScript(for: CompletionShell(rawValue: "tcsh")) == nil)
  }

  /// Partial command lines and what Tab must offer; `*` stands for the scratch folder.
  static let cases: [(words: [String], offered: [String], notOffered: [String])] = [
    (["demo", "a"], ["add"], ["remove"]),
    (["demo", "re"], ["remove"], ["add"]),
    (["demo", "--col"], ["--color"], []),
    (["demo", "--color", "n"], ["never"], ["auto"]),
    (["demo", "add", "--level", ""], ["low", "high"], ["alpha"]),
    (["demo", "add", "-l", "h"], ["high"], ["low"]),
    (["demo", "add", "--q"], ["--quiet"], ["--level"]),
    (["demo", "add", ""], ["alpha", "beta"], ["low"]),
    (["demo", "--verbose", "add", "--tag", "x", "al"], ["alpha"], ["beta"]),
    (["demo", "remove", "1"], ["10", "11"], ["20"]),
    (["demo", "add", "alpha", "*/no"], ["notes.txt"], ["other.md"]),
    (["demo", "export", "--to", "*/s"], ["sub"], ["notes.txt"]),
    // A shell command sees the arguments before the cursor as $1, $2, …
    (["demo", "set", "size", ""], ["small", "large"], ["round"]),
    (["demo", "set", "--force", "shape", ""], ["round"], ["small"]),
  ]

  @Test(
    "bash: the script is valid and Tab offers what the spec says", .timeLimit(.minutes(10)),
    .enabled(if: CompletionShells.isInstalled(.bash), "bash is not installed"))
  func bash() async throws { try await check(.bash) }

  @Test(
    "zsh: the script is valid and Tab offers what the spec says", .timeLimit(.minutes(10)),
    .enabled(if: CompletionShells.isInstalled(.zsh), "zsh is not installed"))
  func zsh() async throws { try await check(.zsh) }

  @Test(
    "fish: the script is valid and Tab offers what the spec says", .timeLimit(.minutes(10)),
    .enabled(if: CompletionShells.isInstalled(.fish), "fish is not installed"))
  func fish() async throws { try await check(.fish) }

  /// `shell -n` accepts the script, and every case offers what it must and nothing it
  /// must not.
  private func check(_ shell: CompletionShell) async throws {
    let syntax = try await CompletionShells.checkSyntax(try script(shell), in: shell)
    #expect(syntax.status == 0, "\(syntax.error)")
    #expect(syntax.error.isEmpty)
    for (words, offered, notOffered) in Self.cases {
      let typed = words.map { $0.replacingOccurrences(of: "*", with: folder.path) }
      // Paths compare by their last component (shells differ in prefix and slash).
      let got = try await candidates(typed, shell).map { candidate in
        candidate.contains("/") ? URL(fileURLWithPath: candidate).lastPathComponent : candidate
      }
      for word in offered {
        #expect(got.contains(word), "\(shell) \(words): \(got) lacks \(word)")
      }
      for word in notOffered {
        #expect(!got.contains(word), "\(shell) \(words): \(got) has \(word)")
      }
    }
  }

  // MARK: - The hidden option

  @Test("--generate-completion-script prints the script; a bad shell is a usage error")
  func hiddenOption() throws {
    #expect(
      try Self.spec.generatedText(for: ["--generate-completion-script", "fish"])
        == Self.spec.completionScript(for: .fish))
    #expect(
      try Self.spec.generatedText(for: ["--generate-completion-script=zsh"])
        == Self.spec.completionScript(for: .zsh))
    #expect(try Self.spec.generatedText(for: ["add", "--generate-manual"]) == nil)
    #expect(throws: CommandLineError.self) {
      try Self.spec.generatedText(for: ["--generate-completion-script", "tcsh"])
    }
    #expect(throws: CommandLineError.self) {
      try Self.spec.generatedText(for: ["--generate-completion-script"])
    }
    #expect(throws: CommandLineError.self) {
      try Self.spec.generatedText(for: ["--generate-manual", "extra"])
    }
    #expect(!Self.spec.helpText().contains("generate"))
  }
}
