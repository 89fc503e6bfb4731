import CoreBase

extension CommandLineSpec {
  /// The app's `--help`: summary, usage, commands and global options.
  ///
  /// - Returns: The help text, ending in a newline.
  public func helpText() -> String {
    var text = "\(name) \(version) - \(summary)\n\n"
    text += "USAGE: \(name) \(commands.isEmpty ? "" : "<command> ")[options]\n"
    if !commands.isEmpty {
      text += "\nCOMMANDS:\n"
      text += Self.table(
        commands.map { command in
          var summary = command.summary
          if command.name == defaultCommand { summary += " (default)" }
          if !command.aliases.isEmpty {
            summary += " Also: \(command.aliases.joined(separator: ", "))."
          }
          return (command.name, summary)
        })
    }
    text +=
      "\nOPTIONS:\n"
      + Self.table(
        rows(for: globalOptions + [Self.colorOption]) + [
          ("-h, --help", "Show help."), ("--version", "Show the version."),
        ])
    if !commands.isEmpty {
      text += "\nRun '\(name) <command> --help' for a command's options and arguments.\n"
    }
    return text
  }

  /// A command's `--help`: summary, usage, discussion, arguments and options.
  ///
  /// - Parameter command: The command.
  /// - Returns: The help text, ending in a newline.
  public func helpText(for command: CommandSpec) -> String {
    var text = "\(command.summary)\n\nUSAGE: \(usage(for: command))\n"
    if !command.aliases.isEmpty {
      let prefix = ([name] + command.groups).joined(separator: " ")
      text += "ALIASES: \(command.aliases.map { "\(prefix) \($0)" }.joined(separator: ", "))\n"
    }
    if let discussion = command.discussion { text += "\n\(discussion)\n" }
    if !command.subcommands.isEmpty {
      text += "\nCOMMANDS:\n"
      text += Self.table(command.subcommands.map { ($0.name, $0.summary) })
    }
    if !command.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      text += Self.table(command.arguments.map { ("<\($0.name)>", $0.help) })
    }
    text +=
      "\nOPTIONS:\n" + Self.table(rows(for: options(for: command)) + [("-h, --help", "Show help.")])
    if !command.subcommands.isEmpty {
      text +=
        "\nRun '\(name) \(command.fullName) <command> --help' for a command's options and arguments.\n"
    }
    return text
  }

  /// The one-line usage of a command, e.g. `todo add [options] <title> [<note>]`.
  ///
  /// - Parameter command: The command.
  /// - Returns: The usage line.
  public func usage(for command: CommandSpec) -> String {
    var parts = [name, command.fullName]
    if !command.subcommands.isEmpty { parts.append("[<command>]") }
    parts.append("[options]")
    for argument in command.arguments {
      switch argument.arity {
      case .required: parts.append("<\(argument.name)>")
      case .optional: parts.append("[<\(argument.name)>]")
      case .variadic(let minimum):
        parts.append(minimum > 0 ? "<\(argument.name)> ..." : "[<\(argument.name)> ...]")
      }
    }
    return parts.joined(separator: " ")
  }

  private func rows(for options: [OptionSpec]) -> [(String, String)] {
    options.map { option in
      var left = option.short.map { "-\($0), " } ?? ""
      left += "--\(option.name)"
      if let valueName = option.valueName { left += " <\(valueName)>" }
      let help = option.isRepeatable ? "\(option.help) (repeatable)" : option.help
      return (left, help)
    }
  }

  /// Two aligned columns, indented by two spaces.
  private static func table(_ rows: [(String, String)]) -> String {
    let width = rows.map { $0.0.count }.max() ?? 0
    return rows.map { left, right in
      "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
    }.joined()
  }
}
