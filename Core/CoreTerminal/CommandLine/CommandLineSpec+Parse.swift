import CoreBase

extension CommandLineSpec {
  /// Parses the arguments after the program name.
  ///
  /// Handles `-h`/`--help` (the app's or the command's help), `help [COMMAND]` as
  /// git does (unless the app has a `help` command), `--version`, `--color`,
  /// long options with a separate or `=` value, short options (`-n 5`, `-n5`, `-ab`),
  /// `--` (everything after it is positional) and positionals by arity.
  ///
  /// - Parameter arguments: The arguments, without the program name.
  /// - Returns: What to do: run a command, or print help or the version.
  /// - Throws: ``CommandLineError`` (exit 64) with a "did you mean" hint where one fits.
  public func parse(_ arguments: some Sequence<String>) throws(CommandLineError)
    -> ParsedCommandLine
  {
    var parser = Parser(spec: self)
    return try parser.parse(Array(arguments))
  }

  /// The options accepted with `command` (or before any command): its own, the global
  /// ones and `--color`.
  func options(for command: CommandSpec?) -> [OptionSpec] {
    (command?.options ?? []) + globalOptions + [Self.colorOption]
  }
}

/// The state of one parse.
private struct Parser {
  let spec: CommandLineSpec
  var command: CommandSpec?
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []
  /// Whether the command word was on the command line (not filled in as the default).
  var commandWasTyped = false

  init(spec: CommandLineSpec) { self.spec = spec }

  mutating func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedCommandLine {
    if let request = earlyExit(arguments) { return request }
    if let request = try helpCommand(arguments) { return request }
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals {
        positionals.append(argument)
      } else if argument == "--" {
        onlyPositionals = true
      } else if argument.hasPrefix("--") {
        try parseLong(argument, arguments, &index)
      } else if argument.hasPrefix("-"), argument.count > 1, !isNegativeNumber(argument) {
        try parseShort(argument, arguments, &index)
      } else if command == nil, !spec.commands.isEmpty, positionals.isEmpty {
        command = try findCommand(argument)
        commandWasTyped = true
        try checkOptionsGivenEarlier()
      } else if let group = command, !group.subcommands.isEmpty, positionals.isEmpty,
        let subcommand = try findSubcommand(argument, of: group)
      {
        command = subcommand
        try checkOptionsGivenEarlier()
      } else {
        positionals.append(argument)
      }
    }
    if command == nil, let name = spec.defaultCommand { command = spec.command(named: name) }
    return .run(try finish())
  }

  /// `--help`, `-h` or `--version` anywhere before `--` ends parsing early.
  private func earlyExit(_ arguments: [String]) -> ParsedCommandLine? {
    let head = arguments.prefix { $0 != "--" }
    if head.contains("--help") || head.contains("-h") {
      return .help(namedCommand(in: head).map(spec.helpText(for:)) ?? spec.helpText())
    }
    if head.contains("--version") { return .version("\(spec.name) \(spec.version)") }
    return nil
  }

  /// The command the words name for `--help`: the first that is a command, then each
  /// following word that is one of its subcommands.
  private func namedCommand(in words: some Collection<String>) -> CommandSpec? {
    guard let start = words.firstIndex(where: { spec.command(named: $0) != nil }),
      var command = spec.command(named: words[start])
    else { return nil }
    for word in words[words.index(after: start)...] where !word.hasPrefix("-") {
      guard let subcommand = command.subcommand(named: word) else { break }
      command = subcommand
    }
    return command
  }

  /// `APP help` prints the app's help and `APP help COMMAND` the command's, as git
  /// does, unless the app has a command of its own named `help`.
  private func helpCommand(_ arguments: [String]) throws(CommandLineError) -> ParsedCommandLine? {
    guard arguments.first == "help", !spec.commands.isEmpty, spec.command(named: "help") == nil
    else { return nil }
    let rest = arguments.dropFirst()
    guard let name = rest.first else { return .help(spec.helpText()) }
    var command = try findCommand(name)
    for word in rest.dropFirst() {
      guard !command.subcommands.isEmpty else {
        throw CommandLineError(
          "'\(spec.name) help' takes one command at most",
          hint: "run '\(spec.name) help COMMAND' for one command's help")
      }
      guard let subcommand = try findSubcommand(word, of: command) else {
        throw CommandLineError("unknown command '\(CommandLineEcho.quote(word))'")
      }
      command = subcommand
    }
    return .help(spec.helpText(for: command))
  }

  /// The subcommand of `group` that `word` names; `nil` when the group takes arguments
  /// (the word is one); an error when it takes none.
  private func findSubcommand(_ word: String, of group: CommandSpec) throws(CommandLineError)
    -> CommandSpec?
  {
    if let subcommand = group.subcommand(named: word) { return subcommand }
    guard group.arguments.isEmpty else { return nil }
    let words = group.subcommands.flatMap { [$0.name] + $0.aliases }
    let hint =
      Suggestion.closest(to: word, in: words).map { found in
        "did you mean '\(group.subcommand(named: found)?.name ?? found)'?"
      } ?? "run '\(spec.name) \(group.fullName) --help' to see its commands"
    throw CommandLineError(
      "unknown command '\(CommandLineEcho.quote(word))' for '\(spec.name) \(group.fullName)'",
      hint: hint)
  }

  private func findCommand(_ name: String) throws(CommandLineError) -> CommandSpec {
    if let command = spec.command(named: name) { return command }
    let words = spec.commands.flatMap { [$0.name] + $0.aliases }
    let hint =
      Suggestion.closest(to: name, in: words).map { word in
        "did you mean '\(spec.command(named: word)?.name ?? word)'?"
      } ?? "run '\(spec.name) --help' to see the commands"
    throw CommandLineError("unknown command '\(CommandLineEcho.quote(name))'", hint: hint)
  }

  /// Options before the command word were read in the default command's scope; each
  /// must also belong to the command that was named.
  private func checkOptionsGivenEarlier() throws(CommandLineError) {
    let known = Set(spec.options(for: command).map(\.name))
    for name in flags.union(values.keys).sorted() where !known.contains(name) {
      throw CommandLineError("unknown option '--\(CommandLineEcho.quote(name))'\(scope)")
    }
  }

  /// The command whose options apply: the one named, or else the default one.
  private var optionScope: CommandSpec? {
    command ?? spec.defaultCommand.flatMap(spec.command(named:))
  }

  private var scope: String { command.map { " for '\(spec.name) \($0.fullName)'" } ?? "" }

  private mutating func parseLong(
    _ argument: String, _ arguments: [String], _ index: inout Int
  ) throws(CommandLineError) {
    let body = argument.dropFirst(2)
    let name = String(body.prefix { $0 != "=" })
    let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
    let options = spec.options(for: optionScope)
    guard let option = options.first(where: { $0.name == name }) else {
      let candidates = options.map { "--\($0.name)" } + ["--help"]
      let hint =
        relatedCommand(declaring: name).map { "'--\(name)' goes with '\(spec.name) \($0)'" }
        ?? Suggestion.closest(to: "--\(name)", in: candidates).map { "did you mean '\($0)'?" }
        ?? helpHint
      throw CommandLineError(
        "unknown option '--\(CommandLineEcho.quote(name))'\(scope)", hint: hint)
    }
    if option.isFlag {
      guard inline == nil else { throw CommandLineError("flag '--\(name)' does not take a value") }
      flags.insert(name)
      return
    }
    let value: String
    if let inline {
      value = inline
    } else if index < arguments.count {
      value = arguments[index]
      index += 1
    } else {
      throw CommandLineError("option '--\(name)' needs a value <\(option.valueName ?? "value")>")
    }
    try record(option, value)
  }

  /// Another command of the named command's group that declares the option: `setup`
  /// for `sync --user`, so the hint can say where the option goes.
  private func relatedCommand(declaring name: String) -> String? {
    guard let command, let top = spec.command(named: command.groups.first ?? command.name),
      !top.subcommands.isEmpty
    else { return nil }
    var pending = [top]
    while let candidate = pending.popLast() {
      if candidate.fullName != command.fullName,
        candidate.options.contains(where: { $0.name == name })
      {
        return candidate.fullName
      }
      pending += candidate.subcommands
    }
    return nil
  }

  private mutating func parseShort(
    _ argument: String, _ arguments: [String], _ index: inout Int
  ) throws(CommandLineError) {
    var rest = Substring(argument.dropFirst())
    let options = spec.options(for: optionScope)
    while let letter = rest.first {
      rest = rest.dropFirst()
      guard let option = options.first(where: { $0.short == letter }) else {
        // A row of flags with one wrong letter (`-ax`) names that letter.
        guard argument.count > 2, rest.count == argument.count - 2 else {
          throw CommandLineError(
            "unknown option '-\(CommandLineEcho.quote(String(letter)))'\(scope)", hint: helpHint)
        }
        // A word such as `-home` (a tag to remove, a negative title) is more often
        // meant as it is than as a row of one-letter options: name it whole.
        let word = CommandLineEcho.quote(argument)
        throw CommandLineError(
          "unknown option '\(word)'\(scope)",
          hint: "to give '\(word)' as it is, put '--' before it; \(helpHint)")
      }
      if option.isFlag {
        flags.insert(option.name)
        continue
      }
      if !rest.isEmpty {
        try record(option, String(rest))
      } else if index < arguments.count {
        try record(option, arguments[index])
        index += 1
      } else {
        throw CommandLineError(
          "option '-\(letter)' needs a value <\(option.valueName ?? "value")>")
      }
      return
    }
  }

  private mutating func record(_ option: OptionSpec, _ value: String) throws(CommandLineError) {
    let value = Self.canonical(value, for: option)
    if option.name == CommandLineSpec.colorOption.name, ColorChoice(argument: value) == nil {
      throw .invalidValue(value, for: "'--color'", expected: "auto, always or never")
    }
    if option.isRepeatable {
      values[option.name, default: []].append(value)
    } else {
      values[option.name] = [value]
    }
  }

  /// A value that matches one of the option's listed words in another case is read
  /// as that word (`--sort Due` is `--sort due`), for every app's options alike.
  private static func canonical(_ value: String, for option: OptionSpec) -> String {
    guard case .list(let words) = option.completion.storage, !words.contains(value) else {
      return value
    }
    let lowered = value.lowercased()
    return words.first { $0.lowercased() == lowered } ?? value
  }

  private var helpHint: String {
    "run '\(spec.name)\(command.map { " \($0.fullName)" } ?? "") --help' to see the options"
  }

  private func isNegativeNumber(_ argument: String) -> Bool {
    Double(argument) != nil && !spec.options(for: command).contains { $0.short == "1" }
  }

  // MARK: - Positionals

  private mutating func finish() throws(CommandLineError) -> ParsedCommand {
    let arguments = command?.arguments ?? []
    var remaining = positionals[...]
    for (position, argument) in arguments.enumerated() {
      let stillRequired = arguments[(position + 1)...].reduce(0) { $0 + Self.minimum($1) }
      switch argument.arity {
      case .required:
        guard let value = remaining.popFirst() else {
          throw CommandLineError("missing argument <\(argument.name)>", hint: usageHint)
        }
        values[argument.name] = [value]
      case .optional:
        if remaining.count > stillRequired, let value = remaining.popFirst() {
          values[argument.name] = [value]
        }
      case .variadic(let minimum):
        let taken = remaining.dropLast(stillRequired)
        guard taken.count >= minimum else {
          throw CommandLineError("missing argument <\(argument.name)>", hint: usageHint)
        }
        values[argument.name] = Array(taken)
        remaining = remaining.suffix(stillRequired)
      }
    }
    if let extra = remaining.first {
      throw CommandLineError(
        "unexpected argument '\(CommandLineEcho.quote(extra))'", hint: usageHint)
    }
    let globalNames = Set((spec.globalOptions + [CommandLineSpec.colorOption]).map(\.name))
    let givenOptions = flags.union(values.keys).subtracting(arguments.map(\.name))
    return ParsedCommand(
      name: command?.fullName,
      color: values["color"]?.last.flatMap(ColorChoice.init(argument:)) ?? .auto,
      values: values, flags: flags,
      hasCommandArguments: commandWasTyped || !positionals.isEmpty
        || !givenOptions.isSubset(of: globalNames))
  }

  private static func minimum(_ argument: ArgumentSpec) -> Int {
    switch argument.arity {
    case .required: 1
    case .optional: 0
    case .variadic(let minimum): minimum
    }
  }

  private var usageHint: String {
    guard let command else { return "run '\(spec.name) --help' for usage" }
    return "usage: \(spec.usage(for: command))"
  }
}
