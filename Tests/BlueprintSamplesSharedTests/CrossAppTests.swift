import BlueprintSamplesShared
import BlueprintSamplesSharedCommandLine
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

/// What the `settings` sample writes, the other samples read: the shared settings
/// file is the one thing the three share.
@Suite("The other samples see what settings wrote", .timeLimit(.minutes(10)))
struct CrossAppTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory(prefix: "cross-app") }

  private var environment: [String: String] { home.isolatedEnvironment() }

  private func settings(_ arguments: [String]) throws -> Int32 {
    try BuiltProduct("settings").run(arguments, environment: environment, input: Data()).status
  }

  /// A command context of a sample app, styled by the shared settings as the samples do.
  private func sampleContext(_ name: String, extra: [String: String] = [:]) -> (
    CommandContext, CapturedIO
  ) {
    let io = CapturedIO(outputIsTerminal: false)
    let context = CommandContext(
      identity: AppIdentity(name: name, version: "1", family: "blueprint"),
      environment: environment.merging(extra) { $1 }, io: io.io)
    return (context.styled(by: SharedSettings.load(for: context)), io)
  }

  @Test("After set theme.accent #FF0000 an app's context paints its accent in truecolor red")
  func accentReachesApps() throws {
    #expect(try settings(["set", "theme.accent", "#FF0000"]) == 0)
    #expect(try settings(["set", "theme.density", "compact"]) == 0)
    let (context, io) = sampleContext("todo", extra: ["FORCE_COLOR": "3"])
    #expect(context.theme.palette.accent == ColorToken(hex: "#FF0000"))
    #expect(context.theme.density == .compact)
    #expect(context.colorCapability == .trueColor)
    #expect(
      context.theme.palette.accent.sgrSequence(
        .foreground, capability: context.colorCapability, appearance: context.appearance)
        == "\u{1B}[38;2;255;0;0m")
    #expect(io.error.isEmpty)
  }

  @Test("After set theme.accent #FF0000 the built todo draws its ids in truecolor red")
  func accentReachesTodo() throws {
    let todo = try BuiltProduct("todo")
    let environment = environment.merging(["FORCE_COLOR": "3"]) { $1 }
    let red = "\u{1B}[38;2;255;0;0m"
    #expect(try todo.run(["add", "Water the plants"], environment: environment).status == 0)
    let before = try todo.run(["list"], environment: environment)
    #expect(before.status == 0)
    #expect(!before.output.contains(red))
    #expect(try settings(["set", "theme.accent", "#FF0000"]) == 0)
    let after = try todo.run(["list"], environment: environment)
    #expect(after.status == 0)
    #expect(after.output.contains(red + "1"))
    #expect(after.error.isEmpty)
  }

  @Test("appearance set to light reaches an app's context")
  func appearanceReachesApps() throws {
    #expect(try settings(["set", "appearance", "light"]) == 0)
    #expect(sampleContext("feed").0.appearance == .light)
  }
}
