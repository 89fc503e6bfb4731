import CoreTerminal
import CoreTesting
import Foundation
import Testing

/// The completion scripts and manual pages of the three built apps, as the install
/// script asks for them: each names every command and option `--help` shows, loads in
/// each installed shell, and completes option values, ids and keys by calling the app.
@Suite("Completions and manual pages of todo, feed and settings, run as built executables")
struct AppCompletionTests {
  static let apps = ["todo", "feed", "settings"]

  /// groff, when it is installed, to format each app's manual page.
  static var groff: String? {
    ["/usr/bin/groff", "/bin/groff"].first { FileManager.default.isExecutableFile(atPath: $0) }
  }
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory(prefix: "app-completion") }

  private func run(_ app: String, _ arguments: [String]) async throws -> ProductResult {
    try await BuiltProduct(app).runToExit(arguments, environment: home.isolatedEnvironment())
  }

  /// The commands and options the app's `--help` and each command's `--help` list.
  private func helpWords(_ app: String) async throws -> (commands: [String], options: [String]) {
    let help = try await run(app, ["--help"]).output
    let commandSection = help.components(separatedBy: "COMMANDS:\n").dropFirst().first ?? ""
    let commands = commandSection.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.isEmpty }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    var options: Set<String> = []
    for arguments in [["--help"]] + commands.map({ [$0, "--help"] }) {
      // Option rows: "  -p, --priority <level>  low, medium or high."
      for line in try await run(app, arguments).output.split(separator: "\n")
      where line.hasPrefix("  -") {
        let left = line.dropFirst(2).components(separatedBy: "  ")[0]
        for word in left.split(whereSeparator: { " ,".contains($0) }) where word.hasPrefix("-") {
          options.insert(String(word))
        }
      }
    }
    return (commands, options.sorted())
  }

  @Test("every command and option of --help is in each shell's script", arguments: apps)
  func namesEverything(app: String) async throws {
    let (commands, options) = try await helpWords(app)
    #expect(commands.count >= 8, "\(commands)")
    #expect(options.contains("--color") && options.contains("--help"))
    for shell in CompletionShell.all {
      let result = try await run(app, ["--generate-completion-script", shell.rawValue])
      #expect(result.status == 0)
      #expect(result.error.isEmpty)
      for word in commands + options {
        // fish spells options `-l name` and `-s x`; bash and zsh `--name` and `-x`.
        let spelling =
          shell == .fish && word.hasPrefix("--")
          ? "-l \(word.dropFirst(2))"
          : shell == .fish && word.hasPrefix("-") ? "-s \(word.dropFirst())" : word
        #expect(result.output.contains(spelling), "\(app) \(shell): \(word)")
      }
    }
  }

  @Test("the manual page names every command and option, and groff reads it", arguments: apps)
  func manual(app: String) async throws {
    let (commands, options) = try await helpWords(app)
    let result = try await run(app, ["--generate-manual"])
    #expect(result.status == 0)
    let page = result.output
    for heading in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES",
    ] {
      #expect(page.contains(".SH \(heading)\n"), "\(app): \(heading)")
    }
    #expect(page.contains(".SH \"EXIT STATUS\"\n"))
    for command in commands {
      let name = command.replacingOccurrences(of: "-", with: "\\-")
      #expect(page.contains("\\fB\(app) \(name)\\fR"), "\(command)")
    }
    for option in options {
      #expect(page.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(app): \(option)")
    }
    if let groff = Self.groff {
      let url = home.appending("\(app).1")
      try result.standardOutput.write(to: url)
      let check = try await CompletionShells.run(groff, ["-man", "-ww", "-z", url.path])
      #expect(check.status == 0 && check.error.isEmpty, "\(app): \(check.error)")
    }
  }

  @Test("an unknown shell is a usage error, and --help does not show the hidden options")
  func hidden() async throws {
    let result = try await run("todo", ["--generate-completion-script", "tcsh"])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("todo: error: invalid value 'tcsh'"))
    #expect(result.output.isEmpty)
    #expect(!(try await run("feed", ["--help"]).output.contains("generate")))
  }

  /// Partial command lines for each app, and a word Tab must offer.
  static let cases: [(app: String, words: [String], offered: String)] = [
    ("todo", ["todo", "list", "--sort", "d"], "due"),
    ("todo", ["todo", "add", "x", "--priority", ""], "high"),
    ("todo", ["todo", "edit", "1", "--due", "tom"], "tomorrow"),
    ("todo", ["todo", "--color", "n"], "never"),
    ("todo", ["todo", "show", ""], "2"),  // ids, from `todo list`
    ("todo", ["todo", "reopen", ""], "1"),  // done ids only
    ("feed", ["feed", "config", ""], "refresh-on-open"),
    ("feed", ["feed", "config", "refresh-on-open", ""], "on"),
    ("feed", ["feed", "re"], "refresh"),
    ("settings", ["settings", "get", "appear"], "appearance"),
    ("settings", ["settings", "reset", "--a"], "--all"),
    ("settings", ["settings", "set", "appearance", ""], "dark"),  // the key's own values
    ("settings", ["settings", "set", "notifications", "f"], "false"),
    ("feed", ["feed", "show", ""], "sample.3"),  // item ids, from `feed read`
  ]

  @Test(
    "bash completes option values, todo ids and settings keys from the built apps",
    .enabled(if: CompletionShells.isInstalled(.bash), "bash is not installed"))
  func bashCompletes() async throws {
    try await check(.bash)
  }

  @Test(
    "fish completes option values, todo ids and settings keys from the built apps",
    .enabled(if: CompletionShells.isInstalled(.fish), "fish is not installed"))
  func fishCompletes() async throws {
    try await check(.fish)
  }

  @Test(
    "zsh completes option values, todo ids and settings keys from the built apps",
    .timeLimit(.minutes(10)),
    .enabled(if: CompletionShells.isInstalled(.zsh), "zsh is not installed"))
  func zshCompletes() async throws {
    try await check(.zsh)
  }

  private func check(_ shell: CompletionShell) async throws {
    let environment = home.isolatedEnvironment([
      "PATH": BuiltProduct.productsFolder.path + ":/usr/bin:/bin"
    ])
    for title in ["Buy milk", "Call mom"] {
      #expect(try await run("todo", ["add", title]).status == 0)
    }
    #expect(try await run("todo", ["done", "1"]).status == 0)
    for (app, words, offered) in Self.cases {
      let script = home.appending("\(app).\(shell)")
      try await run(app, ["--generate-completion-script", shell.rawValue]).standardOutput.write(
        to: script)
      let got = try await CompletionShells.candidates(
        for: words, script: script, shell: shell, folder: home, environment: environment)
      #expect(got.contains(offered), "\(shell) \(words): \(got) lacks \(offered)")
      if words == ["todo", "reopen", ""] { #expect(!got.contains("2"), "open ids for reopen") }
      if words == ["settings", "set", "appearance", ""] {
        #expect(!got.contains("true") && !got.contains("compact"), "another key's values: \(got)")
      }
    }
  }
}
