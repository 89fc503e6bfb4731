import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@Suite("The other apps see what settings wrote", .timeLimit(.minutes(1)))
struct CrossAppTests {
  @Test("After set theme.accent #FF0000 an app's context paints its accent in truecolor red")
  func accentReachesApps() throws {
    let fixture = try SettingsFixture()
    #expect(try fixture.run(["set", "theme.accent", "#FF0000"]).status == 0)
    #expect(try fixture.run(["set", "theme.density", "compact"]).status == 0)
    let io = CapturedIO(outputIsTerminal: false)
    let context = CommandContext(
      appName: "todo", environment: fixture.environment.merging(["FORCE_COLOR": "3"]) { $1 },
      io: io.io)
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
    let fixture = try SettingsFixture()
    let todo = try BuiltProduct("todo")
    let environment = fixture.environment.merging(["FORCE_COLOR": "3"]) { $1 }
    let red = "\u{1B}[38;2;255;0;0m"
    #expect(try todo.run(["add", "Water the plants"], environment: environment).status == 0)
    let before = try todo.run(["list"], environment: environment)
    #expect(before.status == 0)
    #expect(!before.output.contains(red))
    #expect(try fixture.run(["set", "theme.accent", "#FF0000"]).status == 0)
    let after = try todo.run(["list"], environment: environment)
    #expect(after.status == 0)
    #expect(after.output.contains(red + "1"))
    #expect(after.error.isEmpty)
  }

  @Test("appearance set to light reaches an app's context")
  func appearanceReachesApps() throws {
    let fixture = try SettingsFixture()
    #expect(try fixture.run(["set", "appearance", "light"]).status == 0)
    let context = CommandContext(
      appName: "feed", environment: fixture.environment, io: CapturedIO().io)
    #expect(context.appearance == .light)
  }
}
