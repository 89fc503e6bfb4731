import BlueprintSamplesShared
import BlueprintSamplesSharedCommandLine
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

/// The samples read their shared settings file for each command; a value they cannot
/// use is a warning naming the `settings` command that fixes it. Checked on the built
/// todo and feed, as a user meets it, and on the loader itself.
@Suite("The samples' shared settings file, as todo and feed read it")
struct SharedSettingsWarningTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory(prefix: "shared-settings") }

  private var settingsURL: URL { home.appending("config/blueprint/settings.json") }

  private func writeSharedSettings(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: settingsURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: settingsURL)
  }

  private func run(_ app: String, _ arguments: [String]) async throws -> ProductResult {
    let environment = home.isolatedEnvironment()
    return try await offThePool {
      try BuiltProduct(app).run(arguments, environment: environment, input: Data())
    }
  }

  @Test(
    "a wrong value names the key, the value and the fix; the rest is used",
    arguments: ["todo", "feed"])
  func wrongValue(app: String) async throws {
    try writeSharedSettings(#"{"appearance": "dim", "theme.density": "compact"}"#)
    let result = try await run(app, ["list"])
    #expect(result.status == 0, "\(app): \(result.error)")
    #expect(
      result.error == """
        \(app): warning: \(settingsURL.path): 'appearance' has the invalid value "dim" \
        (expected one of light, dark, system); using its default
        hint: run 'settings reset appearance', or 'settings set appearance VALUE'

        """)
    #expect(!result.error.contains("corrupt"))
  }

  @Test(
    "a key written twice, which settings refuses, is a warning naming it; the last value counts",
    arguments: ["todo", "feed"])
  func repeatedKey(app: String) async throws {
    try writeSharedSettings("{\n  \"appearance\": \"dark\",\n  \"appearance\": \"light\"\n}\n")
    let result = try await run(app, ["list"])
    #expect(result.status == 0, "\(app): \(result.error)")
    #expect(
      result.error == """
        \(app): warning: \(settingsURL.path): the key 'appearance' appears twice (line 3); \
        using its last value
        hint: run 'settings edit' and keep one of them

        """)
    let refused = try await run("settings", ["list"])
    #expect(refused.status == 65)
  }

  @Test(
    "a displayName settings refuses (blank, too long, a control character) is a warning",
    arguments: ["todo", "feed"],
    [#""   ""#, "\"\(String(repeating: "x", count: 65))\"", #""a\u0007b""#])
  func invalidDisplayName(app: String, value: String) async throws {
    try writeSharedSettings(#"{"displayName": "# + value + "}")
    let result = try await run(app, ["list"])
    #expect(result.status == 0, "\(app): \(result.error)")
    #expect(
      result.error.hasPrefix(
        "\(app): warning: \(settingsURL.path): 'displayName' has the invalid value "),
      "\(result.error)")
    #expect(result.error.contains("(expected text of 1–64 characters, no control characters)"))
    #expect(result.error.contains("hint: run 'settings reset displayName'"))
    let refused = try await run("settings", ["get", "displayName"])
    #expect(refused.status == 65, "settings: \(refused.error)")
  }

  @Test("a file that is not JSON says where, in words", arguments: ["todo", "feed"])
  func corruptFile(app: String) async throws {
    try writeSharedSettings("{\n  \"appearance\": \"dark\",\n  oops\n}\n")
    let result = try await run(app, ["list"])
    #expect(result.status == 0)
    #expect(
      result.error.contains("is corrupt: not valid JSON at line 3, column 3"), "\(result.error)")
    #expect(result.error.contains("hint: fix it with 'settings edit'"))
    #expect(!result.error.contains("Domain="))
  }

  @Test("the loader styles a context: the file's theme and appearance, a warning per bad value")
  func loaderStylesTheContext() throws {
    try writeSharedSettings(
      ##"{"theme.accent":"#FF0000","appearance":"light","theme.density":"huge"}"##)
    let io = CapturedIO()
    let context = CommandContext(
      identity: AppIdentity(name: "demo", version: "1", family: "blueprint"),
      environment: home.isolatedEnvironment(), io: io.io)
    #expect(context.theme == .default)
    let settings = SharedSettings.load(for: context)
    let styled = context.styled(by: settings)
    #expect(styled.theme.palette.accent == ColorToken(hex: "#FF0000"))
    #expect(styled.theme.density == .regular)
    #expect(styled.appearance == .light)
    #expect(io.error.hasPrefix("demo: warning: \(settingsURL.path): 'theme.density'"))
  }

  @Test("no file: the defaults, silently")
  func noFile() {
    let io = CapturedIO()
    let context = CommandContext(
      identity: AppIdentity(name: "demo", version: "1", family: "blueprint"),
      environment: home.isolatedEnvironment(), io: io.io)
    #expect(SharedSettings.load(for: context) == SharedSettings())
    #expect(io.error.isEmpty)
  }
}
