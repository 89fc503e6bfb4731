import Core
import CoreTerminal
import Testing

@testable import BlueprintFeedFeatures

@Suite("Article wrapping")
struct ArticleWrapTests {
  @Test(
    "lines wrap at spaces, keep their indent and hang under list markers and quotes",
    arguments: [
      ("short line", 20, ["short line"]),
      ("one two three four five", 10, ["one two", "three four", "five"]),
      ("• one two three four", 10, ["• one two", "  three", "  four"]),
      ("  • one two three", 11, ["  • one two", "    three"]),
      ("12. one two three", 11, ["12. one two", "    three"]),
      ("> one two three four", 10, ["> one two", "> three", "> four"]),
      ("> • one two three", 11, ["> • one two", ">   three"]),
      (
        "[7] https://example.com/a/long/path", 16,
        ["[7]", "    https://exam", "    ple.com/a/lo", "    ng/path"]
      ),
      ("abcdefghijkl", 5, ["abcde", "fghij", "kl"]),
    ])
  func wrap(line: String, width: Int, expected: [String]) {
    let lines = ArticleText.wrap(line, width: width)
    #expect(lines == expected)
    #expect(lines.allSatisfy { $0.terminalWidth <= width })
  }
}
