extension CommandLineSpec {
  /// The hidden option that prints a completion script: `APP --generate-completion-script bash`.
  public static let completionScriptOption = "--generate-completion-script"
  /// The hidden option that prints the manual page: `APP --generate-manual`.
  public static let manualOption = "--generate-manual"

  /// What the hidden generator options ask for, when `arguments` starts with one:
  /// `--generate-completion-script bash|zsh|fish` (also `=SHELL`) prints that
  /// shell's completion script, `--generate-manual` the manual page.
  ///
  /// ``CommandLineApp`` answers them before parsing, so every app on the kit has them;
  /// they are left out of `--help`, as swift-argument-parser does.
  ///
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The text to print, or `nil` when the arguments ask for something else.
  /// - Throws: ``CommandLineError`` (exit 64) for a missing or unknown shell, or
  ///   anything after the option.
  public func generatedText(for arguments: [String]) throws(CommandLineError) -> String? {
    guard let first = arguments.first else { return nil }
    if first == Self.manualOption {
      try expectNothing(after: 1, in: arguments)
      return manualPage()
    }
    let shellName: String
    if first == Self.completionScriptOption {
      guard arguments.count >= 2 else {
        throw CommandLineError(
          "option '\(Self.completionScriptOption)' needs a value <shell>",
          hint: "one of: bash, zsh, fish")
      }
      shellName = arguments[1]
      try expectNothing(after: 2, in: arguments)
    } else if first.hasPrefix(Self.completionScriptOption + "=") {
      shellName = String(first.dropFirst(Self.completionScriptOption.count + 1))
      try expectNothing(after: 1, in: arguments)
    } else {
      return nil
    }
    guard let script = completionScript(for: CompletionShell(rawValue: shellName)) else {
      throw .invalidValue(
        shellName, for: "'\(Self.completionScriptOption)'", expected: "bash, zsh or fish")
    }
    return script
  }

  private func expectNothing(after count: Int, in arguments: [String]) throws(CommandLineError) {
    if arguments.count > count {
      throw CommandLineError(
        "unexpected argument '\(CommandLineEcho.quote(arguments[count]))'",
        hint: "run '\(name) \(arguments[0]) ...' alone")
    }
  }
}
