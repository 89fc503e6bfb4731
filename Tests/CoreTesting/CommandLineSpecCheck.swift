public import CoreTerminal
internal import Foundation
public import Testing

/// Records an issue at the caller's line for each mistake in `spec`, so an app's tests
/// catch at once what would otherwise show only when a user types the command.
///
/// <!-- doc-test: skip a fragment: `MyCommands` comes from its surroundings -->
/// ```swift
/// @Test func commandLineIsWellFormed() { expectWellFormed(MyCommands.all.spec) }
/// ```
///
/// See ``commandLineProblems(in:)`` for what is checked.
///
/// - Parameters:
///   - spec: The app's command line.
///   - sourceLocation: Where a failure is recorded.
public func expectWellFormed(
  _ spec: CommandLineSpec, sourceLocation: SourceLocation = #_sourceLocation
) {
  for problem in commandLineProblems(in: spec) {
    Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
  }
}

/// The mistakes in `spec`, one sentence each; empty when there are none.
///
/// In each command's scope (its options, the global ones, `--color`, `--help` and
/// `--version`; its arguments; its subcommands): every long name, short name and
/// subcommand word is used once (an option and an argument of one name would share
/// one value); at most one argument is variadic, and it is the last; no name is
/// empty. The app's command names and aliases are used once too.
///
/// - Parameter spec: The app's command line.
/// - Returns: The problems found.
public func commandLineProblems(in spec: CommandLineSpec) -> [String] {
  let builtIn = ["help", "version"]
  let shared = spec.globalOptions + [CommandLineSpec.colorOption]
  var problems = duplicates(
    spec.commands.flatMap { [$0.name] + $0.aliases }, "command 'NAME'", in: spec.name)
  problems += shared.flatMap { optionProblems(of: $0, in: spec.name) }
  problems += duplicates(shared.map(\.name) + builtIn, "option '--NAME'", in: spec.name)
  for command in spec.commands {
    problems += commandProblems(command, spec: spec, shared: shared, builtIn: builtIn)
  }
  return problems
}

private func commandProblems(
  _ command: CommandSpec, spec: CommandLineSpec, shared: [OptionSpec], builtIn: [String]
) -> [String] {
  let scope = "\(spec.name) \(command.fullName)"
  var problems: [String] = []
  if command.name.isEmpty { problems.append("'\(scope)': a command has an empty name") }
  if command.aliases.contains("") { problems.append("'\(scope)': an alias is empty") }
  problems += command.options.flatMap { optionProblems(of: $0, in: scope) }
  for argument in command.arguments where argument.name.isEmpty {
    problems.append("'\(scope)': an argument has an empty name")
  }
  let options = command.options + shared
  problems += duplicates(
    options.map(\.name) + builtIn + command.arguments.map(\.name), "name 'NAME'", in: scope)
  problems += duplicates(
    options.compactMap(\.short).map(String.init) + ["h"], "short option '-NAME'", in: scope)
  problems += duplicates(
    command.subcommands.flatMap { [$0.name] + $0.aliases }, "command 'NAME'", in: scope)
  let variadic = command.arguments.indices.filter {
    if case .variadic = command.arguments[$0].arity { return true }
    return false
  }
  if variadic.count > 1 {
    problems.append("'\(scope)': \(variadic.count) arguments are variadic; at most one may be")
  } else if let index = variadic.first, index != command.arguments.count - 1 {
    problems.append(
      "'\(scope)': the variadic argument <\(command.arguments[index].name)> is not the last")
  }
  for subcommand in command.subcommands {
    problems += commandProblems(subcommand, spec: spec, shared: shared, builtIn: builtIn)
  }
  return problems
}

/// An option's own mistakes: an empty long name, or a value name that is empty.
private func optionProblems(of option: OptionSpec, in scope: String) -> [String] {
  var problems: [String] = []
  if option.name.isEmpty { problems.append("'\(scope)': an option has an empty name") }
  if option.valueName?.isEmpty == true {
    problems.append("'\(scope)': '--\(option.name)' has an empty value name")
  }
  return problems
}

/// One problem for each word used more than once; `what` holds `NAME` for the word.
private func duplicates(_ words: [String], _ what: String, in scope: String) -> [String] {
  var seen: Set<String> = []
  var reported: Set<String> = []
  var problems: [String] = []
  for word in words where !seen.insert(word).inserted && reported.insert(word).inserted {
    let label = what.replacingOccurrences(of: "NAME", with: word)
    problems.append("'\(scope)': the \(label) is used more than once")
  }
  return problems
}
