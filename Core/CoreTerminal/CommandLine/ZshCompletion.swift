/// The zsh completion script for a spec: an autoloadable `#compdef` function built on
/// `_arguments`, with one `_arguments` call per command.
struct ZshCompletion {
  let spec: CommandLineSpec

  private var function: String { "_\(spec.shellIdentifier)" }

  func script() -> String {
    var helpers: [String] = []
    let body = mainFunction(helpers: &helpers)
    return "#compdef \(spec.name)\n" + spec.generatedBy(.zsh) + "\n" + helpers.joined() + body
      + """

      if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
        \(function) "$@"
      else
        compdef \(function) \(spec.name)
      fi

      """
  }

  // MARK: - The completion function

  private func mainFunction(helpers: inout [String]) -> String {
    var text = """
      \(function)() {
        local curcontext="$curcontext" state state_descr line ret=1
        typeset -A opt_args

      """
    let topLevel =
      spec.optionsBeforeCommand.flatMap { optionSpecs($0, helpers: &helpers) } + [
        "'(- *)'{-h,--help}'[Show help.]'", "'(- *)--version[Show the version.]'",
      ]
    guard !spec.completedCommands.isEmpty else {
      return text + arguments(topLevel, indent: "  ") + " && ret=0\n  return ret\n}\n"
    }
    text += "  local -a commands\n  commands=(\n"
    for command in spec.completedCommands {
      text += "    " + ShellQuote.single("\(escapeColons(command.name)):\(command.summary)") + "\n"
    }
    text += "  )\n"
    text += arguments(
      topLevel + ["'1: :->command'", "'*:: :->argument'"], indent: "  ", flags: "-C")
    text += " && ret=0\n"
    text += """
        case $state in
          (command)
            _describe -t commands \(ShellQuote.single("\(spec.name) command")) commands && ret=0
            ;;
          (argument)
            curcontext="${curcontext%:*:*}:\(spec.name)-$words[1]:"
            case $words[1] in

      """
    for command in spec.completedCommands {
      var specs = spec.options(for: command).flatMap { optionSpecs($0, helpers: &helpers) }
      specs.append("'(- *)'{-h,--help}'[Show help.]'")
      specs += command.arguments.map { argumentSpec($0, helpers: &helpers) }
      text += "        (\(command.name))\n"
      text += arguments(specs, indent: "          ") + " && ret=0\n          ;;\n"
    }
    text += "      esac\n      ;;\n  esac\n  return ret\n}\n"
    return text
  }

  private func arguments(_ specs: [String], indent: String, flags: String = "") -> String {
    let head = indent + "_arguments -s -S" + (flags.isEmpty ? "" : " \(flags)")
    return ([head] + specs.map { indent + "  " + $0 }).joined(separator: " \\\n")
  }

  // MARK: - Specs

  /// The `_arguments` specs of one option: `--due=[help]:date:action` and its short form.
  private func optionSpecs(_ option: OptionSpec, helpers: inout [String]) -> [String] {
    let help = "[" + escapeBrackets(option.help) + "]"
    var value = ""
    if let valueName = option.valueName {
      value = ":" + escapeColons(valueName) + ":" + action(option.completion, helpers: &helpers)
    }
    let long = "--\(option.name)" + (option.isFlag ? "" : "=")
    guard let short = option.short else {
      let prefix = option.isRepeatable ? "*" : ""
      return [ShellQuote.single(prefix + long + help + value)]
    }
    let shortSpelling = "-\(short)" + (option.isFlag ? "" : "+")
    let exclusion =
      option.isRepeatable ? "'*'" : ShellQuote.single("(-\(short) --\(option.name))")
    return [exclusion + "{\(shortSpelling),\(long)}" + ShellQuote.single(help + value)]
  }

  /// The `_arguments` spec of a positional argument.
  private func argumentSpec(_ argument: ArgumentSpec, helpers: inout [String]) -> String {
    let prefix: String
    switch argument.arity {
    case .required: prefix = ":"
    case .optional: prefix = "::"
    case .variadic: prefix = "*:"
    }
    let message = escapeColons(argument.name)
    return ShellQuote.single(
      prefix + message + ":" + action(argument.completion, helpers: &helpers))
  }

  /// What `_arguments` runs to complete a value; a shell command gets a helper function.
  private func action(_ completion: CompletionKind, helpers: inout [String]) -> String {
    switch completion.storage {
    case .none:
      return " "
    case .list(let words):
      return "(" + words.map(escapeWord).joined(separator: " ") + ")"
    case .file:
      return "_files"
    case .directory:
      return "_files -/"
    case .shellCommand(let command):
      // The words between the command and the cursor that are not options are the
      // command's $1, $2, … (`*::` made the command `words[1]`).
      let body =
        "values=(${(f)\"$(sh -c \(ShellQuote.single(command)) sh ${${words[2,CURRENT-1]}:#-*}"
        + " 2>/dev/null)\"})"
      if let known = helpers.firstIndex(where: { $0.contains(body) }) {
        return "\(function)_values_\(known + 1)"
      }
      let name = "\(function)_values_\(helpers.count + 1)"
      helpers.append(
        """
        \(name)() {
          local -a values
          \(body)
          compadd -a values
        }


        """)
      return name
    }
  }

  // MARK: - Escaping

  private func escapeColons(_ text: String) -> String {
    escape(text, characters: ["\\", ":"])
  }

  private func escapeBrackets(_ text: String) -> String {
    escape(text, characters: ["\\", "[", "]", ":"])
  }

  private func escapeWord(_ text: String) -> String {
    escape(text, characters: ["\\", " ", "(", ")", ":"])
  }

  private func escape(_ text: String, characters: Set<Character>) -> String {
    var escaped = ""
    for character in text {
      if characters.contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
