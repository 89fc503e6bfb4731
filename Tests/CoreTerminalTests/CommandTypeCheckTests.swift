#if os(Linux)
  import CoreTesting
  import Testing

  /// A command reads only the options it declares: another command's does not
  /// compile. The compiler, run on a small file against the built modules, is the
  /// witness (seconds of CPU: the heavy tag).
  @Suite(
    "Command line: another command's option is a compile-time error", .tags(.heavy),
    .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason), .timeLimit(.minutes(20)))
  struct CommandTypeCheckTests {
    /// Two commands; `add`'s body is `read`.
    static func program(reading read: String) -> String {
      """
      import Core
      import CoreTerminal

      enum Add: Command {
        static let due = Option<String?>("due", valueName: "date", help: "When it is due.")
        static let configuration = CommandConfiguration("add", summary: "Add.", options: [due])
        static func run(_ add: Invocation<Add>, in context: Void) async throws {
          _ = \(read)
        }
      }
      enum List: Command {
        static let json = Flag("json", help: "Print JSON.")
        static let configuration = CommandConfiguration("list", summary: "List.", options: [json])
        static func run(_ list: Invocation<List>, in context: Void) async throws {}
      }

      """
    }

    @Test("the control: a command's own option compiles")
    func control() async throws {
      let result = try await TypeCheck.run(
        Self.program(reading: "try add[\\.due]"), file: "Demo.swift")
      #expect(result.status == 0, "\(result.output)")
    }

    @Test(
      "another command's option does not compile, by key path or by its key",
      arguments: ["add[\\.json]", "add[\\List.Type.json]", "add[List.json]"])
    func another(read: String) async throws {
      let result = try await TypeCheck.run(Self.program(reading: read), file: "Demo.swift")
      #expect(result.status != 0)
      let line = Self.program(reading: read).split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .firstIndex { $0.contains(read) }.map { $0 + 1 }
      #expect(result.output.contains("Demo.swift:\(line ?? 0):"), "\(result.output)")
    }
  }
#endif
