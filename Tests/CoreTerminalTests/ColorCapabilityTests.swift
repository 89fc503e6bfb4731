import Core
import CoreTerminal
import Testing

@Suite("Color capability detection")
struct ColorCapabilityTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var environment: [String: String]
    var isTerminal: Bool
    var choice: ColorChoice
    var expected: ColorCapability
    var testDescription: String {
      "\(choice) tty=\(isTerminal) \(environment.sorted { $0.key < $1.key }) → \(expected)"
    }

    init(
      _ environment: [String: String], tty: Bool = true, choice: ColorChoice = .auto,
      _ expected: ColorCapability
    ) {
      self.environment = environment
      self.isTerminal = tty
      self.choice = choice
      self.expected = expected
    }
  }

  static let cases: [Case] = [
    // --color overrides everything.
    Case(["NO_COLOR": "1", "TERM": "xterm-256color"], choice: .always, .ansi256),
    Case(["TERM": "dumb"], tty: false, choice: .always, .ansi16),
    Case(["COLORTERM": "truecolor"], tty: false, choice: .always, .trueColor),
    Case(["FORCE_COLOR": "3"], tty: false, choice: .always, .trueColor),
    Case(["FORCE_COLOR": "0", "TERM": "xterm"], choice: .always, .ansi16),
    Case(["COLORTERM": "truecolor", "FORCE_COLOR": "3"], choice: .never, .none),
    // NO_COLOR beats FORCE_COLOR; an empty NO_COLOR is ignored.
    Case(["NO_COLOR": "1", "FORCE_COLOR": "3"], .none),
    Case(["NO_COLOR": "", "TERM": "xterm-256color"], .ansi256),
    // FORCE_COLOR levels, even into a pipe.
    Case(["FORCE_COLOR": "0", "COLORTERM": "truecolor"], .none),
    Case(["FORCE_COLOR": "1"], tty: false, .ansi16),
    Case(["FORCE_COLOR": "2", "TERM": "dumb"], tty: false, .ansi256),
    Case(["FORCE_COLOR": "3"], tty: false, .trueColor),
    Case(["FORCE_COLOR": "true"], tty: false, .ansi16),
    Case(["FORCE_COLOR": "yes", "TERM": "xterm-256color"], tty: false, .none),
    // Not a terminal, or dumb.
    Case(["COLORTERM": "truecolor", "TERM": "xterm-256color"], tty: false, .none),
    Case(["TERM": "dumb", "COLORTERM": "truecolor"], .none),
    // Terminal levels.
    Case(["COLORTERM": "truecolor", "TERM": "xterm"], .trueColor),
    Case(["COLORTERM": "24bit"], .trueColor),
    Case(["TERM": "xterm-256color"], .ansi256),
    Case(["TERM": "screen-256color", "COLORTERM": "yes"], .ansi256),
    Case(["TERM": "xterm"], .ansi16),
    Case([:], .ansi16),
  ]

  @Test("Follows the documented precedence (Docs/Theming.md)", arguments: cases)
  func precedence(_ testCase: Case) {
    let capability = ColorCapability.detect(
      environment: testCase.environment, isTerminal: testCase.isTerminal, choice: testCase.choice)
    #expect(capability == testCase.expected)
  }

  @Test(
    "Parses --color values",
    arguments: [
      ("auto", ColorChoice.auto), ("always", .always), ("never", .never), ("ALWAYS", .always),
    ])
  func parsesChoice(text: String, expected: ColorChoice) {
    #expect(ColorChoice(argument: text) == expected)
  }

  @Test("Rejects other --color values", arguments: ["", "yes", "on", "auto "])
  func rejectsChoice(text: String) {
    #expect(ColorChoice(argument: text) == nil)
  }
}
