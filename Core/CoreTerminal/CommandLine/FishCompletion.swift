/// The fish completion script for a spec: `complete -c` lines whose conditions ask a
/// generated helper which command is being completed and at which argument.
struct FishCompletion {
  let spec: CommandLineSpec

  private var prefix: String { "__\(spec.shellIdentifier)" }

  func script() -> String {
    var text = spec.generatedBy(.fish) + "\n" + takesValueFunction() + "\n" + stateFunction()
    text += "\n" + usingFunction() + "\n"
    text += "complete -c \(spec.name) -f\n"
    let top = condition("")
    for command in spec.completedCommands {
      text +=
        "complete -c \(spec.name) -n \(top) -a \(word(command.name))"
        + " -d \(quote(command.summary))\n"
    }
    for option in spec.optionsBeforeCommand {
      text += line(option, condition: nil)
    }
    text += "complete -c \(spec.name) -s h -l help -d \(quote("Show help."))\n"
    text += "complete -c \(spec.name) -n \(top) -l version -d \(quote("Show the version."))\n"
    for command in spec.completedCommands {
      for option in command.options {
        text += line(option, condition: condition(command.name))
      }
      for (position, argument) in command.arguments.enumerated()
      where argument.completion != .none {
        let at: String
        if case .variadic = argument.arity { at = "\(position)+" } else { at = "\(position)" }
        text +=
          "complete -c \(spec.name) -n \(condition(command.name, at))"
          + values(argument.completion) + " -d \(quote(argument.help))\n"
      }
    }
    return text
  }

  // MARK: - Helpers in the script

  /// `PREFIX_takes_value COMMAND WORD` succeeds when WORD is an option with a value.
  private func takesValueFunction() -> String {
    var patterns: [String] = []
    for command in spec.completedCommands {
      patterns += command.options.filter { !$0.isFlag }.flatMap(\.spellings)
        .map { quote("\(command.name) \($0)") }
    }
    patterns += spec.optionsBeforeCommand.filter { !$0.isFlag }.flatMap(\.spellings)
      .map { quote("* \($0)") }
    var text = "function \(prefix)_takes_value\n"
    if !patterns.isEmpty {
      text += "    switch \"$argv[1] $argv[2]\"\n"
      text += "        case \(patterns.joined(separator: " "))\n            return 0\n    end\n"
    }
    return text + "    return 1\nend\n"
  }

  /// `PREFIX_state` prints the command and how many arguments follow it (or `value`
  /// when the word at the cursor is an option's value), then those arguments one a
  /// line, reading the words before it.
  private func stateFunction() -> String {
    let hasCommands = !spec.completedCommands.isEmpty
    return """
      function \(prefix)_state
          set -l words (commandline -opc)
          set -e words[1]
          set -l command ''
          set -l position 0
          set -l skip 0
          set -l only 0
          set -l arguments
          for word in $words
              if test $skip = 1
                  set skip 0
                  continue
              end
              if test $only = 0; and test "$word" = --
                  set only 1
                  continue
              end
              if test $only = 0; and string match -q -- '-?*' $word
                  if not string match -q -- '*=*' $word; and \(prefix)_takes_value "$command" $word
                      set skip 1
                  end
                  continue
              end
              if test -z "$command"; and \(hasCommands ? "true" : "false")
                  set command $word
              else
                  set position (math $position + 1)
                  set -a arguments $word
              end
          end
          echo $command
          if test $skip = 1
              echo value
          else
              echo $position
          end
          test (count $arguments) -gt 0; and printf '%s\\n' $arguments
      end

      """
  }

  /// `PREFIX_using COMMAND [N | N+]`: the cursor is after COMMAND (and at argument N,
  /// or N or later).
  private func usingFunction() -> String {
    """
    function \(prefix)_using
        set -l state (\(prefix)_state)
        test "$state[1]" = "$argv[1]"; or return 1
        test (count $argv) -lt 2; and return 0
        string match -qr '^[0-9]+$' -- $state[2]; or return 1
        set -l want (string trim -r -c + -- $argv[2])
        if string match -q -- '*+' $argv[2]
            test $state[2] -ge $want
        else
            test $state[2] -eq $want
        end
    end

    """
  }

  // MARK: - Lines

  private func condition(_ command: String, _ position: String? = nil) -> String {
    quote("\(prefix)_using \(quote(command))" + (position.map { " \($0)" } ?? ""))
  }

  private func line(_ option: OptionSpec, condition: String?) -> String {
    var text = "complete -c \(spec.name)"
    if let condition { text += " -n \(condition)" }
    if let short = option.short { text += " -s \(word(String(short)))" }
    text += " -l \(word(option.name))"
    if !option.isFlag { text += values(option.completion, isOptionValue: true) }
    return text + " -d \(quote(option.help))\n"
  }

  /// The flags that offer a kind of value: `-x -a 'low medium high'`, `-r -F`.
  private func values(_ completion: CompletionKind, isOptionValue: Bool = false) -> String {
    let requires = isOptionValue ? " -r" : ""
    switch completion.storage {
    case .none:
      return requires + " -f"
    case .list(let words):
      return requires + " -f -a " + quote(words.map(quote).joined(separator: " "))
    case .file:
      return requires + " -F"
    case .directory:
      return requires + " -f -a " + quote("(__fish_complete_directories)")
    case .shellCommand(let command):
      // The arguments before the cursor (the state's lines after the second) are the
      // command's $1, $2, …
      return requires + " -f -a "
        + quote("(sh -c \(quote(command)) sh (\(prefix)_state)[3..-1] 2>/dev/null)")
    }
  }

  /// A name as is when fish reads it as one plain word, else quoted.
  private func word(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    return plain ? text : quote(text)
  }

  /// `text` in fish's single quotes, where only `\\` and `\'` are escapes.
  private func quote(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "\\" || character == "'" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "'"
  }
}
