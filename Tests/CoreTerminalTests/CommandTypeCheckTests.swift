#if os(Linux)
  import CoreTesting
  import Testing

  /// Every mistake in declaring or reading a command's options is a compile-time error,
  /// not a program that stops when run: an option the command does not declare,
  /// another command's, a property whose type the declaration cannot read, a group
  /// that is no group. The compiler, run on a small file against the built modules, is
  /// the witness (seconds of CPU: the heavy tag).
  @Suite(
    "Command line: a declaration mistake is a compile-time error", .tags(.heavy),
    .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason), .timeLimit(.minutes(20)))
  struct CommandTypeCheckTests {
    /// Two commands; `add` declares `declaration` and its body is `read`.
    static func program(declaring declaration: String = "", reading read: String) -> String {
      """
      import Core
      import CoreTerminal

      struct Output: CommandOptions {
        @Flag("json", help: "Print JSON.") var json: Bool
      }
      struct Add: Command {
        static let configuration = CommandConfiguration("add", summary: "Add.")
        @Option("due", valueName: "date", help: "When it is due.") var due: String?
        @OptionGroup var output: Output
        \(declaration)
        func run(in context: Void) async throws {
          _ = \(read)
        }
      }
      struct List: Command {
        static let configuration = CommandConfiguration("list", summary: "List.")
        @Flag("all", help: "Everything.") var all: Bool
        func run(in context: Void) async throws {}
      }

      """
    }

    @Test("the control: a command's own options, its group's too, compile")
    func control() async throws {
      let result = try await TypeCheck.run(
        Self.program(
          declaring: #"@Argument("id", help: "An id.") var id: Int"#,
          reading: "(due, output.json, id)"),
        file: "Demo.swift")
      #expect(result.status == 0, "\(result.output)")
    }

    @Test(
      "reading an option the command does not declare, or another command's, does not compile",
      arguments: ["all", "json", "self.all", "List().all == output.all"])
    func undeclared(read: String) async throws {
      let program = Self.program(reading: read)
      let result = try await TypeCheck.run(program, file: "Demo.swift")
      #expect(result.status != 0)
      let line = program.split(separator: "\n", omittingEmptySubsequences: false)
        .firstIndex { $0.contains("_ = \(read)") }.map { $0 + 1 }
      #expect(result.output.contains("Demo.swift:\(line ?? 0):"), "\(result.output)")
    }

    @Test(
      "a declaration whose property type it cannot read does not compile",
      arguments: [
        #"@Flag("yes", help: "Sure.") var yes: String"#,
        #"@Option("limit", help: "At most.") var limit: Int"#,
        #"@Option("at", help: "When.") var at: Void?"#,
        #"@Argument("file", help: "A file.") var file: [Void]"#,
        #"@OptionGroup var group: String"#,
      ])
    func unreadable(declaration: String) async throws {
      let program = Self.program(declaring: declaration, reading: "due")
      let result = try await TypeCheck.run(program, file: "Demo.swift")
      #expect(result.status != 0)
      let line = program.split(separator: "\n", omittingEmptySubsequences: false)
        .firstIndex { $0.contains(declaration) }.map { $0 + 1 }
      #expect(result.output.contains("Demo.swift:\(line ?? 0):"), "\(result.output)")
    }
  }
#endif
