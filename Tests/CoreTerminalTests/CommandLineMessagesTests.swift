import Core
import Foundation
import Testing

@testable import CoreTerminal

@Suite("Command-line messages: echoed input, plain error words, safe JSON")
struct CommandLineMessagesTests {
  @Test(
    "echoed input shows controls, C1 and bidi characters as escapes",
    arguments: [
      ("add", "add"),
      ("add\u{01}", #"add\x01"#),
      ("a\tb\nc\r", #"a\tb\nc\r"#),
      ("\u{1B}[2J", #"\x1B[2J"#),
      ("x\u{7F}", #"x\x7F"#),
      ("\u{85}title", #"\u0085title"#),
      ("\u{202E}exe.txt", #"\u202Eexe.txt"#),
      ("zero\u{200B}width", #"zero\u200Bwidth"#),
      ("日本語 🙂", "日本語 🙂"),
    ])
  func echo(input: String, expected: String) {
    #expect(CommandLineEcho.quote(input) == expected)
  }

  @Test("a long argument is cut in the echo")
  func longEcho() {
    let long = String(repeating: "a", count: 120_000)
    let echoed = CommandLineEcho.quote(long)
    #expect(echoed == String(repeating: "a", count: CommandLineEcho.defaultLimit) + "…")
    #expect(CommandLineEcho.quote("abc", limit: 3) == "abc")
    #expect(CommandLineEcho.quote("abcd", limit: 3) == "abc…")
  }

  @Test(
    "JSON syntax errors name the line and column, from JSONSerialization or JSONDecoder",
    arguments: [
      ("{\n  \"a\": 1,\n  x\n}", "not valid JSON at line 3, column 3: invalid value"),
      ("{\"a\":\n", "not valid JSON at line 2, column 1: unexpected end of file during JSON parse"),
      ("[\"\\q\"]", "not valid JSON at line 1, column 3: invalid escape sequence"),
    ])
  func jsonSyntax(text: String, expected: String) {
    let data = Data(text.utf8)
    do {
      _ = try JSONSerialization.jsonObject(with: data)
      Issue.record("JSONSerialization accepted \(text)")
    } catch {
      #expect(CommandLineErrorDescription.describe(error, in: data) == expected)
      #expect(!CommandLineErrorDescription.describe(error).contains("Domain="))
    }
    do {
      _ = try JSONDecoder().decode([String: Int].self, from: data)
      Issue.record("JSONDecoder accepted \(text)")
    } catch {
      let described = CommandLineErrorDescription.describe(error, in: data)
      #expect(described == expected || described.contains("should be"), "\(described)")
    }
  }

  @Test("decoding errors name the field and what it should be")
  func decodingErrors() {
    func described(_ text: String) -> String {
      let data = Data(text.utf8)
      let result = Result { try JSONDecoder().decode([DecodedItem].self, from: data) }
      guard case .failure(let error) = result else { return "accepted" }
      return CommandLineErrorDescription.describe(error, in: data)
    }
    #expect(described(#"[{"title": "a", "count": "x"}]"#) == "'[0].count' should be a whole number")
    #expect(described(#"[{"count": 1}]"#) == "the field 'title' is missing in [0]")
    #expect(described(#"{"count": 1}"#) == "the document should be a list")
  }

  @Test(
    "file errors are said in words and exit 66 or 74, never as a Foundation dump",
    arguments: [
      (CocoaError(.fileReadNoSuchFile) as any Error, "no such file", 66),
      (CocoaError(.fileReadNoPermission), "permission denied", 66),
      (CocoaError(.fileWriteOutOfSpace), "the disk is full", 74),
      (POSIXError(.EACCES), "permission denied", 74),
      (
        NSError(
          domain: NSCocoaErrorDomain, code: 256,
          userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EIO))]),
        "input/output error", 74
      ),
    ] as [(any Error, String, Int32)])
  func fileErrors(error: any Error, expected: String, code: Int32) {
    #expect(CommandLineErrorDescription.describe(error) == expected)
    #expect(CommandLineErrorDescription.exitCode(for: error)?.rawValue == code)
  }

  @Test(
    "store errors never print a Foundation dump, in the runner's words or in Core's",
    arguments: [
      CocoaError(.fileWriteOutOfSpace) as any Error,
      NSError(
        domain: NSCocoaErrorDomain, code: 3840,
        userInfo: [NSDebugDescriptionErrorKey: "Invalid value around character 3."]),
      DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "bad",
          underlyingError: NSError(domain: NSCocoaErrorDomain, code: 3840))),
    ])
  func storeErrors(underlying: any Error) {
    let errors: [PersistenceError] = [
      .cannotWrite(key: "todos", path: "/data/todos.json", underlying: underlying),
      .cannotRead(key: "todos", path: "/data/todos.json", underlying: underlying),
      .corrupted(key: "todos", path: "/data/todos.json", underlying: underlying),
    ]
    for error in errors {
      #expect(!error.message.contains("Domain="), "\(error.message)")
      #expect(!error.appError.message.contains("Domain="), "\(error.appError.message)")
      #expect(error.appError.message.contains("/data/todos.json"))
    }
  }

  @Test("line and column count characters, not bytes")
  func lineAndColumn() throws {
    let data = Data("ab\nçé x".utf8)
    let place = try #require(
      CommandLineErrorDescription.lineAndColumn(ofByte: data.count - 1, in: data))
    #expect(place.line == 2)
    #expect(place.column == 4)
    #expect(CommandLineErrorDescription.lineAndColumn(ofByte: data.count + 1, in: data) == nil)
  }

  @Test(
    "JSON output escapes C1 controls, bidi controls and invisible characters, and still decodes",
    arguments: [
      "\u{85}", "\u{9B}31m", "\u{202E}gnp.exe", "\u{2066}x\u{2069}", "a\u{2028}b", "\u{FEFF}",
      "\u{61C}x",
    ])
  func jsonEscapes(text: String) throws {
    let json = try CommandLineJSON.encode(["title": text])
    #expect(!json.unicodeScalars.contains { $0.value >= 0x7F && $0.value <= 0x9F })
    #expect(!json.unicodeScalars.contains { (0x2028...0x202E).contains($0.value) })
    #expect(!json.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
    #expect(!json.unicodeScalars.contains { $0.value == 0x061C })
    #expect(json.contains(#"\u"#))
    let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    #expect(decoded["title"] == text)
  }

  @Test("JSON output without such characters is left as the encoder wrote it")
  func jsonUnchanged() throws {
    let json = try CommandLineJSON.encode(["title": "Crème brûlée 🍮 / 日本"])
    #expect(json == "{\n  \"title\" : \"Crème brûlée 🍮 / 日本\"\n}\n")
  }

  @Test("JSON output writes an empty array or object as [] / {}")
  func jsonEmptyContainers() throws {
    struct Item: Encodable {
      var tags: [String] = []
      var extra: [String: String] = [:]
      var title = "[\n\n]"
    }
    let json = try CommandLineJSON.encode([Item()])
    #expect(
      json == """
        [
          {
            "extra" : {},
            "tags" : [],
            "title" : "[\\n\\n]"
          }
        ]

        """)
  }
}

@Suite("Command-line parser: what counts as a command argument, option suggestions")
struct CommandLineArgumentKindTests {
  let spec = CommandLineSpec(
    name: "demo", version: "1", summary: "A demo.",
    commands: [
      CommandSpec(
        "add", summary: "Add.",
        options: [
          .option("priority", valueName: "level", help: "Priority."),
          .flag("plain", help: "Plain."),
        ],
        arguments: [.optional("title", help: "Title.")]),
      CommandSpec("list", summary: "List.", options: [.flag("all", help: "All.")]),
    ],
    globalOptions: [.option("profile", valueName: "name", help: "A global option.")])

  @Test(
    "global options alone are no command arguments",
    arguments: [
      ([], false),
      (["--color", "never"], false),
      (["--color=always"], false),
      (["--profile", "work", "--color", "auto"], false),
      (["--"], false),
      (["list"], true),
      (["--color", "never", "list"], true),
      (["add", "milk"], true),
      (["add", "--plain"], true),
    ])
  func commandArguments(arguments: [String], expected: Bool) throws {
    guard case .run(let command) = try spec.parse(arguments) else {
      Issue.record("expected a command to run")
      return
    }
    #expect(command.hasCommandArguments == expected)
  }

  @Test(
    "an abbreviated or mistyped option suggests the full one",
    arguments: [
      (["add", "x", "--prio", "high"], "did you mean '--priority'?"),
      (["add", "x", "--priorty", "high"], "did you mean '--priority'?"),
      (["add", "x", "--pl"], "did you mean '--plain'?"),
      (["list", "--al"], "did you mean '--all'?"),
      (["--colr", "never"], "did you mean '--color'?"),
    ])
  func optionSuggestion(arguments: [String], hint: String) {
    #expect(throws: CommandLineError.self) { try spec.parse(arguments) }
    do {
      _ = try spec.parse(arguments)
    } catch {
      #expect(error.hint == hint)
    }
  }

  @Test("a prefix shared by several options suggests none of them")
  func ambiguousPrefix() {
    do {
      _ = try spec.parse(["add", "--p"])
      Issue.record("--p was accepted")
    } catch {
      #expect(error.hint == "run 'demo add --help' to see the options")
    }
  }

  @Test("an unknown command is echoed with its control characters escaped")
  func unknownCommandEcho() {
    do {
      _ = try spec.parse(["add\u{01}"])
      Issue.record("add\\x01 was accepted")
    } catch {
      #expect(error.message == #"unknown command 'add\x01'"#)
    }
  }
}

/// A small document shape for decoding errors.
private struct DecodedItem: Decodable {
  var title: String
  var count: Int
}
