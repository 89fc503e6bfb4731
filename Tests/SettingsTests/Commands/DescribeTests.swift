import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// `describe` through the built `settings`: type, allowed values, default, current value, and what a setting does.
@Suite("the describe command", .timeLimit(.minutes(10)))
struct DescribeTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  @Test("describe shows type, allowed values, default and the current value")
  func describe() throws {
    let result = try fixture.run(["describe", "theme.density"])
    #expect(
      result.output == """
        theme.density — How much space the apps leave between things.
          type:    one of compact, regular, spacious
          default: regular
          current: regular

        """)
  }

  @Test("the descriptions say what displayName and notifications do")
  func descriptions() throws {
    let name = try fixture.run(["describe", "displayName"])
    #expect(name.output.contains("todo's header"))
    let notifications = try fixture.run(["describe", "notifications"])
    #expect(notifications.output.contains("feed announces new items after a refresh"))
    #expect(notifications.output.contains("bell"))
  }
}
