import Core
import CoreTerminal
import CoreTesting
import Testing

/// CoreTesting's spec check finds each mistake an app can make in its command line.
@Suite("Command line: the spec check")
struct CommandLineSpecCheckTests {
  private func spec(_ commands: [CommandSpec], global: [OptionSpec] = []) -> CommandLineSpec {
    CommandLineSpec(
      name: "demo", version: "1.0", summary: "A demo.", commands: commands, globalOptions: global)
  }

  @Test("a well-formed spec has no problems")
  func wellFormed() {
    let spec = spec([
      CommandSpec(
        "add", summary: "Add.", options: [.flag("json", short: "j", help: "JSON.")],
        arguments: [
          .required("id", help: "An id."), .variadic("words", help: "Words."),
        ]),
      CommandSpec(
        "sync", summary: "Sync.", options: [.flag("json", help: "JSON.")],
        subcommands: [
          CommandSpec("setup", summary: "Set up.", options: [.flag("json", help: "J.")])
        ]
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
            "add", summary: "A.", options: [.option("title", help: "T.")],
            arguments: [.required("title", help: "T.")])
        ],
        "'demo add': the name 'title' is used more than once"
      ),
      (
        [CommandSpec("add", summary: "A.", options: [.flag("color", help: "C.")])],
        "'demo add': the name 'color' is used more than once"
      ),
      (
        [CommandSpec("add", summary: "A.", options: [.flag("all", short: "h", help: "A.")])],
        "'demo add': the short option '-h' is used more than once"
      ),
      (
        [
          CommandSpec(
            "add", summary: "A.",
            options: [.flag("all", short: "a", help: "A."), .flag("any", short: "a", help: "B.")])
        ],
        "'demo add': the short option '-a' is used more than once"
      ),
      (
        [
          CommandSpec(
            "add", summary: "A.",
            arguments: [.variadic("a", help: "A."), .variadic("b", help: "B.")])
        ],
        "'demo add': 2 arguments are variadic; at most one may be"
      ),
      (
        [
          CommandSpec(
            "add", summary: "A.",
            arguments: [.variadic("a", help: "A."), .required("b", help: "B.")])
        ],
        "'demo add': the variadic argument <a> is not the last"
      ),
      ([CommandSpec("", summary: "A.")], "'demo ': a command has an empty name"),
      (
        [CommandSpec("add", summary: "A.", options: [.flag("", help: "A.")])],
        "'demo add': an option has an empty name"
      ),
      (
        [CommandSpec("add", summary: "A.", arguments: [.required("", help: "A.")])],
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
                options: [.flag("all", short: "a", help: "A."), .flag("all", help: "B.")])
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
      [CommandSpec("add", summary: "A.", options: [.flag("quiet", help: "Q.")])],
      global: [.flag("quiet", short: "q", help: "Q.")])
    #expect(
      commandLineProblems(in: spec) == ["'demo add': the name 'quiet' is used more than once"])
  }
}
