#if os(Linux)
  import CoreTesting
  import Testing

  /// A parsed command line is read only through the properties a command declares: an
  /// option named by text, or read from the parsed command by hand, does not compile
  /// (the readers by name are the kit's own). The compiler, run on a small file against
  /// the built modules, is the witness (seconds of CPU: the heavy tag).
  @Suite(
    "Command line: an option read by name is a compile-time error", .tags(.heavy),
    .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason), .timeLimit(.minutes(20)))
  struct OptionTypeCheckTests {
    /// A function that reads a parsed command: `read`.
    static func program(reading read: String) -> String {
      """
      import Core
      import CoreTerminal

      func priority(_ command: ParsedCommand) throws -> Any? {
        \(read)
      }

      """
    }

    @Test("the control: what a parsed command says in public compiles")
    func control() async throws {
      let result = try await TypeCheck.run(
        Self.program(reading: "command.name ?? command.environment[\"HOME\"]"), file: "Demo.swift")
      #expect(result.status == 0, "\(result.output)")
    }

    @Test(
      "an option named by text does not compile",
      arguments: [
        (#"command["priority"]"#, "error:"),
        (#"command.string("priority")"#, "'string' is inaccessible due to 'internal' protection"),
        (#"command.flag("all")"#, "'flag' is inaccessible due to 'internal' protection"),
        (#"command.values(ofArgument: "id")"#, "inaccessible due to 'internal' protection"),
      ])
    func byName(read: String, diagnostic: String) async throws {
      let result = try await TypeCheck.run(Self.program(reading: read), file: "Demo.swift")
      #expect(result.status != 0)
      #expect(result.output.contains(diagnostic), "\(result.output)")
      // The error is on the line that reads the option, the body's one line.
      let line = Self.program(reading: read).split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .firstIndex { $0.contains(read) }.map { $0 + 1 }
      #expect(result.output.contains("Demo.swift:\(line ?? 0):"), "\(result.output)")
    }
  }
#endif
