#if os(Linux)
  import CoreTesting
  import Testing

  /// An option is read with the key its command declares, so a misspelled or
  /// undeclared one does not compile, and there is no reading by name to fall back
  /// on. The compiler, run on a small file against the built modules, is the witness;
  /// a compiler run is seconds of CPU on a loaded machine, hence the tag and the limit.
  @Suite(
    "Command-line options: an undeclared option is a compile-time error", .tags(.heavy),
    .enabled(if: HeavyTests.areEnabled), .timeLimit(.minutes(5)))
  struct OptionTypeCheckTests {
    /// A command and the options it declares, as an app writes them.
    static let prelude = """
      import CoreTerminal

      enum List {
        static let all = Flag("all", short: "a", help: "Include done todos.")
        static let limit = Option<Int?>("limit", valueName: "count", help: "At most this many.")
        static let tags = Option<[String]>("tag", valueName: "tag", help: "Only this tag.")
      }
      let spec = CommandLineSpec(
        name: "app", version: "1.0.0", summary: "An app.",
        commands: [
          CommandSpec("list", summary: "List.", options: [List.all, List.limit, List.tags])
        ])

      """

    /// The line of `body`'s first line in the file.
    static let bodyLine = prelude.split(separator: "\n", omittingEmptySubsequences: false).count

    @Test("the control: the declared keys read a flag, an integer and a list")
    func control() async throws {
      let result = try await SwiftTypeCheck.run(
        Self.prelude + """
          func read(_ command: ParsedCommand) throws -> (Bool, Int?, [String]) {
            (command[List.all], try command[List.limit], try command[List.tags])
          }
          """)
      #expect(result.status == 0, "\(result.output)")
    }

    @Test("a misspelled option does not compile")
    func misspelledKey() async throws {
      let result = try await SwiftTypeCheck.run(
        Self.prelude + """
          func read(_ command: ParsedCommand) -> Bool {
            command[List.al]
          }
          """)
      #expect(result.status != 0)
      #expect(result.output.contains("error: type 'List' has no member 'al'"), "\(result.output)")
      #expect(result.output.contains("Screen.swift:\(Self.bodyLine + 1):"), "on the read's line")
    }

    @Test("an option read by name does not compile: there is no string-keyed read")
    func readByName() async throws {
      let result = try await SwiftTypeCheck.run(
        Self.prelude + """
          func read(_ command: ParsedCommand) -> Bool {
            command.flag("al")
          }
          """)
      #expect(result.status != 0)
      #expect(
        result.output.contains("error: value of type 'ParsedCommand' has no member 'flag'"),
        "\(result.output)")
    }

    @Test("an option read as another type than it declares does not compile")
    func wrongType() async throws {
      let result = try await SwiftTypeCheck.run(
        Self.prelude + """
          func read(_ command: ParsedCommand) throws -> String? {
            try command[List.limit]
          }
          """)
      #expect(result.status != 0)
      #expect(result.output.contains("error: cannot convert return expression"), "\(result.output)")
    }
  }
#endif
