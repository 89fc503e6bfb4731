import Core
import CoreTerminal

/// Rows for the pure parts of Core/CoreTerminal: sanitizing, measuring, key decoding, parsing.
///
/// Baselines are what one would write without the kit: a scalar filter that drops
/// controls (it misses escape sequences' payloads and bidi overrides), `String.count`
/// for width (wrong for CJK and emoji), and plain UTF-8 decoding for input.
enum TerminalBenchmarks {
  static let suite = BenchmarkSuite(name: "terminal") {
    let ascii = String(repeating: "Buy milk and bread before the shop closes. ", count: 2)
    let hostile = String(
      repeating: "Title \u{1b}[2J\u{1b}]0;x\u{07}with \u{1b}[31mred\u{1b}[0m and \u{202e}bidi\t! ",
      count: 2)
    let wide = String(repeating: "日本語のテキスト 🙂 café ", count: 4)
    let keys = Array(
      String(
        repeating: "hello\u{1b}[A\u{1b}[B\u{7f}\r\u{1b}[200~pasted text\u{1b}[201~日本", count: 64
      ).utf8)
    let spec = CommandLineSpec(
      name: "todo", version: "1", summary: "s",
      commands: [
        CommandSpec(
          "add", summary: "a",
          options: [.option("due", help: "d"), .option("tag", help: "t", isRepeatable: true)],
          arguments: [.required("title", help: "t")])
      ])
    let arguments = ["add", "Buy milk", "--due=2026-12-01", "--tag", "home", "--color", "never"]
    return [
      BenchmarkRow(
        "terminal/sanitize/clean-ascii-88", iterations: 100_000,
        ours: { consume(TerminalSanitizer.singleLine.sanitize(ascii)) },
        baselineName: "scalar filter", baseline: { consume(naiveFilter(ascii)) }),
      BenchmarkRow(
        "terminal/sanitize/hostile-130", iterations: 20_000,
        ours: { consume(TerminalSanitizer.singleLine.sanitize(hostile)) },
        baselineName: "scalar filter", baseline: { consume(naiveFilter(hostile)) }),
      BenchmarkRow(
        "terminal/width/ascii-88", iterations: 100_000,
        ours: { consume(ascii.terminalWidth) },
        baselineName: "String.count", baseline: { consume(ascii.count) }),
      BenchmarkRow(
        "terminal/width/cjk-emoji-88", iterations: 20_000,
        ours: { consume(wide.terminalWidth) },
        baselineName: "String.count", baseline: { consume(wide.count) }),
      BenchmarkRow(
        "terminal/truncate/cjk-emoji-to-30", iterations: 20_000,
        ours: { consume(wide.truncated(toWidth: 30)) },
        baselineName: "prefix(30)", baseline: { consume(String(wide.prefix(30))) }),
      BenchmarkRow(
        "terminal/decode-keys/4kB", iterations: 2_000,
        ours: {
          var decoder = KeyDecoder()
          consume(decoder.decode(keys))
        },
        baselineName: "UTF-8 decode", baseline: { consume(String(decoding: keys, as: UTF8.self)) }),
      BenchmarkRow(
        "terminal/parse-command-line", iterations: 20_000,
        ours: { consume(try spec.parse(arguments)) }),
    ]
  }

  private static func naiveFilter(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f && $0.value != 0x9b }))
  }
}

/// Keeps a result alive so the optimizer cannot drop the work that made it.
@inline(never)
func consume<Value>(_ value: Value) {
  withExtendedLifetime(value) {}
}
