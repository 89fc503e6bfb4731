import Core
package import CoreTerminal
package import Foundation

/// The real shells the completion tests load generated scripts into, when they are
/// installed: each asks its shell what Tab offers for a partial command line.
package enum CompletionShells {
  /// The shell's executable, or `nil` when it is not installed (the test skips).
  package static func path(_ shell: CompletionShell) -> String? {
    ["/usr/bin", "/bin", "/usr/local/bin"].map { "\($0)/\(shell.rawValue)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Whether `shell` is installed.
  package static func isInstalled(_ shell: CompletionShell) -> Bool { path(shell) != nil }

  /// How a run of a shell or tool ended.
  package struct Outcome {
    package var status: Int32
    package var output: String
    package var error: String
  }

  /// Runs `executable` to its end with `environment` added to a minimal one, on a
  /// thread of its own, so that waiting for it never holds one of the test pool's
  /// threads (two here: blocking them starves every other test).
  package static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> Outcome {
    try await offThePool { try runBlocking(executable, arguments, environment: environment) }
  }

  private static func runBlocking(
    _ executable: String, _ arguments: [String], environment: [String: String]
  ) throws -> Outcome {
    let folder = try TemporaryDirectory(prefix: "shell-run")
    defer { folder.remove() }
    let outputURL = folder.appending("stdout")
    let errorURL = folder.appending("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment =
      ["PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8"]
      .merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus,
      output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
      error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
  }

  /// Checks a script's syntax without running it (`bash -n`, `zsh -n`, `fish -n`).
  package static func checkSyntax(_ script: URL, in shell: CompletionShell) async throws -> Outcome
  {
    try await run(path(shell) ?? shell.rawValue, ["-n", script.path])
  }

  /// What Tab offers after `words` (the last one is the partial word, maybe empty),
  /// with `script` loaded as the user's shell would load it.
  ///
  /// - Parameters:
  ///   - words: The command line, program name first.
  ///   - script: The generated script, written to a file.
  ///   - shell: The shell to ask.
  ///   - folder: A scratch folder (zsh's `fpath`, the captured matches).
  ///   - environment: Extra variables (`PATH` to find the app, its `XDG_*`).
  /// - Returns: The candidates, in the shell's order.
  /// - Throws: When the shell cannot be started or the scratch files written.
  package static func candidates(
    for words: [String], script: URL, shell: CompletionShell, folder: TemporaryDirectory,
    environment: [String: String] = [:]
  ) async throws -> [String] {
    guard let executable = path(shell) else { return [] }
    let name = words[0]
    switch shell {
    case .bash:
      let function = "_" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
      let outcome = try await run(
        executable,
        [
          "-c",
          "source \"$1\"; shift; COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); \(function);"
            + " printf '%s\\n' \"${COMPREPLY[@]}\"", "bash", script.path,
        ] + words, environment: environment)
      return lines(outcome.output)
    case .zsh:
      // An interactive zsh on a pseudo-terminal (zpty): compinit finds the script as
      // `_NAME` in fpath; a wrapper around compadd writes every match to a file; a
      // key bound to "complete, then print a marker" tells when completion ended.
      let functions = folder.appending("zsh-functions")
      try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
      let installed = functions.appendingPathComponent("_\(name)")
      try? FileManager.default.removeItem(at: installed)
      try FileManager.default.copyItem(at: script, to: installed)
      let hits = folder.appending("zsh-hits")
      try? FileManager.default.removeItem(at: hits)
      let driver = folder.appending("zsh-driver.zsh")
      try Data(zshDriver.utf8).write(to: driver)
      _ = try await run(
        "/usr/bin/timeout",
        [
          "60", executable, "-f", driver.path, functions.path, hits.path,
          words.joined(separator: " "),
        ],
        environment: environment)
      return lines((try? String(contentsOf: hits, encoding: .utf8)) ?? "")
    case .fish:
      let outcome = try await run(
        executable,
        [
          "--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script.path,
          words.joined(separator: " "),
        ], environment: environment)
      return lines(outcome.output).map { String($0.prefix { $0 != "\t" }) }
    default:
      return []
    }
  }

  private static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
  }

  /// Drives an interactive zsh: `zsh -f DRIVER FPATH HITS 'words'`.
  private static let zshDriver = #"""
    zmodload zsh/zpty
    zpty -b z 'zsh -f -i'
    zpty -w z "PS1='' PROMPT='' RPROMPT=''; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
    zpty -w z "compadd () { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi; local -a __hits; builtin compadd -A __hits \"\$@\"; (( \$#__hits )) && print -rl -- \$__hits >> $2; builtin compadd \"\$@\" }"
    zpty -w z '_complete_and_mark() { zle complete-word; print -n "<<${:-END}>>" > /dev/tty }; zle -N _complete_and_mark; bindkey "^T" _complete_and_mark'
    zpty -n -w z "$3"$'\C-t'
    zpty -r z out '*<<END>>*'
    zpty -d z

    """#
}
