import CoreTerminal
import CoreTesting
import Foundation
import Testing

/// The manual page generated from a spec: its sections, every command and option,
/// text that would read as roff requests kept as text, and groff's own verdict.
@Suite("Manual pages generated from a spec")
struct ManualPageTests {
  static let spec = CompletionScriptTests.spec.withManualPage(
    ManualPage(
      description: [".starts with a dot", "A backslash \\n stays a backslash."],
      files: [.init("$XDG_DATA_HOME/demo/demo.json", "The data.")],
      environment: [.init("EDITOR", "The editor.")],
      exitCodes: [.ok, .usage, .dataError],
      seeAlso: ["todo(1)"]))

  static var groff: String? {
    ["/usr/bin/groff", "/bin/groff"].first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  @Test("the page has every section a Unix user expects, in order")
  func sections() {
    let page = Self.spec.manualPage()
    let headings = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map(String.init)
    #expect(
      headings == [
        ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH OPTIONS",
        ".SH \"EXIT STATUS\"", ".SH ENVIRONMENT", ".SH FILES", ".SH \"SEE ALSO\"",
      ])
    #expect(page.hasPrefix(".\\\" Manual page for demo 2.0"))
    #expect(page.contains(".TH DEMO 1 \"\" \"demo 2.0\" \"User Commands\""))
    #expect(page.contains("demo \\- Try every kind of completion."))
  }

  @Test("every command, option, exit code, variable and file is on the page")
  func everything() {
    let page = Self.spec.manualPage()
    for command in Self.spec.commands {
      #expect(page.contains("\\fBdemo \(command.name)\\fR"), "\(command.name)")
      for option in command.options {
        #expect(page.contains("\\fB\\-\\-\(option.name)\\fR"), "--\(option.name)")
      }
      for argument in command.arguments {
        #expect(page.contains("\\fI\(argument.name)\\fR"), "<\(argument.name)>")
      }
    }
    for name in ["verbose", "color"] { #expect(page.contains("\\fB\\-\\-\(name)\\fR")) }
    for code in ["0", "64", "65"] { #expect(page.contains(".TP\n\\&\(code)\n")) }
    #expect(!page.contains(".TP\n\\&69\n"), "only the exit codes the app named")
    for name in ["NO_COLOR", "FORCE_COLOR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "EDITOR"] {
      #expect(page.contains("\\fB\(name)\\fR"), "\(name)")
    }
    #expect(page.contains("\\fI$XDG_DATA_HOME/demo/demo.json\\fR"))
  }

  @Test("text that looks like a roff request or escape stays text")
  func escaping() {
    let page = Self.spec.manualPage()
    #expect(page.contains("\n\\&.starts with a dot\n"))
    #expect(page.contains("A backslash \\en stays a backslash."))
  }

  @Test(
    "groff formats the page without a warning, and the text reads as written",
    .enabled(if: groff != nil, "groff is not installed"))
  func groffFormatsIt() async throws {
    let folder = try TemporaryDirectory(prefix: "manual")
    let url = folder.appending("demo.1")
    try Data(Self.spec.manualPage().utf8).write(to: url)
    let groff = try #require(Self.groff)
    let warnings = try await CompletionShells.run(groff, ["-man", "-ww", "-z", url.path])
    #expect(warnings.status == 0)
    #expect(warnings.error.isEmpty, "\(warnings.error)")
    let text = try await CompletionShells.run(
      groff, ["-man", "-Tutf8", "-P-c", "-P-b", "-P-u", url.path])
    #expect(text.status == 0)
    for expected in [
      "NAME", "demo - Try every kind of completion.", "EXIT STATUS", "--level level",
      "-l, --level", ".starts with a dot", "A backslash \\n stays a backslash.",
      "demo add [options] name [files ...]",
    ] {
      #expect(text.output.contains(expected), "\(expected)")
    }
  }
}
