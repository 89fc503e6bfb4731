#if os(Linux)
  import CoreTesting
  import Testing

  /// An option is read with the key it was declared with: a misspelled key, or a name
  /// given as text, does not compile. The compiler, run on a small file against the
  /// built modules, is the witness (seconds of CPU: the heavy tag).
  @Suite(
    "Command line: an undeclared option is a compile-time error", .tags(.heavy),
    .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason), .timeLimit(.minutes(20)))
  struct OptionTypeCheckTests {
    /// A command with two declared options, and a function that reads one: `read`.
    static func program(reading read: String) -> String {
      """
      import Core
      import CoreTerminal

      enum Add {
        static let priority = Option<String?>("priority", valueName: "level", help: "How important.")
        static let json = Flag("json", help: "Print JSON.")
      }
      let spec = CommandLineSpec(
        name: "demo", version: "1.0", summary: "A demo.",
        commands: [CommandSpec("add", summary: "Add.", options: [Add.priority, Add.json])])

      func priority(_ command: ParsedCommand) throws -> String? {
        \(read)
      }

      """
    }

    @Test("the control: the declared keys compile")
    func control() async throws {
      let result = try await TypeCheck.run(
        Self.program(reading: "command[Add.json] ? nil : try command[Add.priority]"),
        file: "Demo.swift")
      #expect(result.status == 0, "\(result.output)")
    }

    @Test(
      "a misspelled key, or an option named by text, does not compile",
      arguments: [
        ("try command[Add.priorty]", "type 'Add' has no member 'priorty'"),
        (#"try command["priority"]"#, "error:"),
        (#"command.string("priority")"#, "'string' is inaccessible due to 'internal' protection"),
        (
          #"command.flag("al") ? nil : "x""#,
          "'flag' is inaccessible due to 'internal' protection"
        ),
      ])
    func undeclared(read: String, diagnostic: String) async throws {
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
