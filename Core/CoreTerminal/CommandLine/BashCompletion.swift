/// The bash completion script for a spec: one function for `complete -F`.
///
/// The function walks the words before the cursor as the parser would (options that
/// take a value skip it, `--` ends the options, the first other word is the command,
/// the rest are arguments), then offers option values, options, commands or the
/// argument at that position.
struct BashCompletion {
  let spec: CommandLineSpec

  private var function: String { "_\(spec.shellIdentifier)" }

  func script() -> String {
    spec.generatedBy(.bash) + takesValueFunction() + "\n" + mainFunction() + "\n"
      + "complete -F \(function) \(spec.name)\n"
  }

  // MARK: - Which options take a value

  /// `FUNCTION_takes_value COMMAND WORD` succeeds when WORD is an option with a value.
  private func takesValueFunction() -> String {
    var patterns: [String] = []
    for command in spec.completedCommands {
      let spellings = command.options.filter { !$0.isFlag }.flatMap(\.spellings)
      patterns += spellings.map { ShellQuote.single("\(command.name) \($0)") }
    }
    patterns += spec.optionsBeforeCommand.filter { !$0.isFlag }.flatMap(\.spellings)
      .map { "*" + ShellQuote.single(" \($0)") }
    var text = "\(function)_takes_value() {\n"
    if !patterns.isEmpty {
      text +=
        "  case \"$1 $2\" in\n    \(patterns.joined(separator: " | ")) ) return 0 ;;\n  esac\n"
    }
    return text + "  return 1\n}\n"
  }

  // MARK: - The completion function

  private func mainFunction() -> String {
    let hasCommands = !spec.completedCommands.isEmpty
    var text = """
      \(function)() {
        local cur="${COMP_WORDS[COMP_CWORD]}" command="" option="" position=0 only=0 i word
        local -a args=()
        COMPREPLY=()
        for ((i = 1; i < COMP_CWORD; i++)); do
          word="${COMP_WORDS[i]}"
          if ((only == 0)) && [[ "$word" == -- ]]; then only=1; continue; fi
          if ((only == 0)) && [[ "$word" == -?* ]]; then
            if [[ "$word" != *=* ]] && \(function)_takes_value "$command" "$word"; then
              i=$((i + 1))
              if [[ "${COMP_WORDS[i]}" == = ]]; then
                if ((i == COMP_CWORD)); then option="$word"; cur=""; break; fi
                i=$((i + 1))
              fi
              if ((i == COMP_CWORD)); then option="$word"; break; fi
            fi
            continue
          fi

      """
    text +=
      hasCommands
      ? "    if [[ -z \"$command\" ]]; then command=\"$word\"; else position=$((position + 1)); args+=(\"$word\"); fi\n"
      : "    position=$((position + 1)); args+=(\"$word\")\n"
    text += "  done\n"
    text += optionValueCase()
    text += optionCase()
    if hasCommands {
      let names = spec.completedCommands.map(\.name).joined(separator: " ")
      text += """
          if [[ -z "$command" ]]; then
            mapfile -t COMPREPLY < <(compgen -W \(ShellQuote.single(names)) -- "$cur")
            return 0
          fi

        """
    }
    text += argumentCase()
    return text + "  return 0\n}\n"
  }

  /// Completes the value of the option before the cursor.
  private func optionValueCase() -> String {
    var cases: [(String, String)] = []
    for command in spec.completedCommands {
      for option in command.options where !option.isFlag && option.completion != .none {
        let patterns = option.spellings.map { ShellQuote.single("\(command.name) \($0)") }
        cases.append((patterns.joined(separator: " | "), action(option.completion)))
      }
    }
    for option in spec.optionsBeforeCommand where !option.isFlag && option.completion != .none {
      let patterns = option.spellings.map { "*" + ShellQuote.single(" \($0)") }
      cases.append((patterns.joined(separator: " | "), action(option.completion)))
    }
    var text = "  if [[ -n \"$option\" ]]; then\n"
    if !cases.isEmpty {
      text += "    case \"$command $option\" in\n"
      text += cases.map { "      \($0.0) ) \($0.1) ;;\n" }.joined()
      text += "    esac\n"
    }
    return text + "    return 0\n  fi\n"
  }

  /// Completes an option's name when the word starts with `-`.
  private func optionCase() -> String {
    let builtIn = ["--help", "-h"]
    var text = "  if ((only == 0)) && [[ \"$cur\" == -* ]]; then\n    case \"$command\" in\n"
    for command in spec.completedCommands {
      let words = spec.options(for: command).flatMap(\.spellings) + builtIn
      text += "      \(ShellQuote.single(command.name)) ) \(action(.list(words))) ;;\n"
    }
    let words = spec.optionsBeforeCommand.flatMap(\.spellings) + builtIn + ["--version"]
    text += "      * ) \(action(.list(words))) ;;\n"
    return text + "    esac\n    return 0\n  fi\n"
  }

  /// Completes the argument at the cursor's position.
  private func argumentCase() -> String {
    var cases: [(String, String)] = []
    for command in spec.completedCommands {
      for (position, argument) in command.arguments.enumerated() {
        let pattern: String
        if case .variadic = argument.arity {
          pattern = ShellQuote.single("\(command.name) ") + "*"
        } else {
          pattern = ShellQuote.single("\(command.name) \(position)")
        }
        cases.append((pattern, action(argument.completion)))
      }
    }
    guard !cases.isEmpty else { return "" }
    return "  case \"$command $position\" in\n"
      + cases.map { "    \($0.0) ) \($0.1) ;;\n" }.joined() + "  esac\n"
  }

  /// The commands that fill `COMPREPLY` for a kind of value.
  private func action(_ completion: CompletionKind) -> String {
    switch completion.storage {
    case .none:
      return ":"
    case .list(let words):
      let list = ShellQuote.single(words.joined(separator: " "))
      return "mapfile -t COMPREPLY < <(compgen -W \(list) -- \"$cur\")"
    case .file:
      return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
    case .directory:
      return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
    case .shellCommand(let command):
      // The arguments before the cursor are the command's $1, $2, …
      return "mapfile -t COMPREPLY < <(compgen -W \"$(sh -c \(ShellQuote.single(command))"
        + " sh \"${args[@]}\" 2>/dev/null)\" -- \"$cur\")"
    }
  }
}
