import Core
import CoreTerminal
import CoreTesting
import Testing

/// CoreTesting's spec check finds each mistake an app can make in its command line.
@Suite("Command line: the spec check")
struct CommandLineSpecCheckTests {
  private func spec(_ commands: [CommandSpec], global: [any CommandOption] = []) -> CommandLineSpec
  {
    CommandLineSpec(
      name: "demo", version: "1.0", summary: "A demo.", commands: commands, globalOptions: global)
  }

  @Test("a well-formed spec has no problems")
  func wellFormed() {
    let spec = spec([
      CommandSpec(
        "add", summary: "Add.", options: [Flag("json", short: "j", help: "JSON.")],
        arguments: [
          Argument<String>("id", help: "An id."), Argument<[String]>("words", help: "Words."),
        ]),
      CommandSpec(
        "sync", summary: "Sync.", options: [Flag("json", help: "JSON.")],
        subcommands: [CommandSpec("setup", summary: "Set up.", options: [Flag("json", help: "J.")])]
      ),
    ])
    #expect(commandLineProblems(in: spec) == [])
  }

  @Test(
    "each mistake is named",
    arguments: [
      (
        [CommandSpec("add", summary: "A."), CommandSpec("add", summary: "B.")],
        "'demo': the command 'add' is used more than once"
      ),
      (
        [CommandSpec("add", summary: "A.").alsoCalled("ls"), CommandSpec("ls", summary: "B.")],
        "'demo': the command 'ls' is used more than once"
      ),
      (
        [
          CommandSpec(
            "add", summary: "A.", options: [Option<String?>("title", help: "T.")],
            arguments: [Argument<String>("title", help: "T.")])
        ],
        "'demo add': the name 'title' is used more than once"
      ),
      (
        [CommandSpec("add", summary: "A.", options: [Flag("color", help: "C.")])],
        "'demo add': the name 'color' is used more than once"
      ),
      (
        [CommandSpec("add", summary: "A.", options: [Flag("all", short: "h", help: "A.")])],
        "'demo add': the short option '-h' is used more than once"
      ),
      (
        [
          CommandSpec(
            "add", summary: "A.",
            options: [Flag("all", short: "a", help: "A."), Flag("any", short: "a", help: "B.")])
        ],
        "'demo add': the short option '-a' is used more than once"
      ),
      (
        [
          CommandSpec(
            "add", summary: "A.",
            arguments: [Argument<[String]>("a", help: "A."), Argument<[String]>("b", help: "B.")])
        ],
        "'demo add': 2 arguments are variadic; at most one may be"
      ),
      (
        [
          CommandSpec(
            "add", summary: "A.",
            arguments: [Argument<[String]>("a", help: "A."), Argument<String>("b", help: "B.")])
        ],
        "'demo add': the variadic argument <a> is not the last"
      ),
      ([CommandSpec("", summary: "A.")], "'demo ': a command has an empty name"),
      (
        [CommandSpec("add", summary: "A.", options: [Flag("", help: "A.")])],
        "'demo add': an option has an empty name"
      ),
      (
        [CommandSpec("add", summary: "A.", arguments: [Argument<String>("", help: "A.")])],
        "'demo add': an argument has an empty name"
      ),
      (
        [
          CommandSpec(
            "sync", summary: "S.",
            subcommands: [
              CommandSpec("setup", summary: "A."), CommandSpec("setup", summary: "B."),
            ])
        ],
        "'demo sync': the command 'setup' is used more than once"
      ),
      (
        [
          CommandSpec(
            "sync", summary: "S.",
            subcommands: [
              CommandSpec(
                "setup", summary: "A.",
                options: [Flag("all", short: "a", help: "A."), Flag("all", help: "B.")])
            ])
        ],
        "'demo sync setup': the name 'all' is used more than once"
      ),
    ])
  func mistake(commands: [CommandSpec], problem: String) {
    #expect(commandLineProblems(in: spec(commands)) == [problem])
  }

  @Test("a global option clashing with a command's is named in the command's scope")
  func globalClash() {
    let spec = spec(
      [CommandSpec("add", summary: "A.", options: [Flag("quiet", help: "Q.")])],
      global: [Flag("quiet", short: "q", help: "Q.")])
    #expect(
      commandLineProblems(in: spec) == ["'demo add': the name 'quiet' is used more than once"])
  }
}
