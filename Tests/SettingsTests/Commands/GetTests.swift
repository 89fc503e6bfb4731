import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

/// `get` through the built `settings`: `--json`, and stored values read as the apps read them.
@Suite("the get command", .timeLimit(.minutes(10)))
struct GetTests {
  let fixture: SettingsFixture

  init() throws { fixture = try SettingsFixture() }

  @Test("get --json reports value, default and whether it is the default")
  func getJSON() throws {
    _ = try fixture.run(["set", "notifications", "no"])
    let result = try fixture.run(["get", "notifications", "--json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
    #expect(object["key"] as? String == "notifications")
    #expect(object["type"] as? String == "bool")
    #expect(object["value"] as? Bool == false)
    #expect(object["default"] as? Bool == true)
    #expect(object["isDefault"] as? Bool == false)
    #expect(object["choices"] as? [String] == ["true", "false"])
  }

  @Test("get reads a stored value as the apps do: \"DARK\" is a value to fix, not dark")
  func sharedReading() throws {
    let text = #"{"appearance": "DARK", "displayName": "Ada"}"#
    try fixture.writeSettings(text)
    let result = try fixture.run(["get", "appearance"])
    #expect(result.status == 65)
    #expect(result.output.isEmpty)
    #expect(result.error.contains(fixture.settingsURL.path), "\(result.error)")
    #expect(
      result.error.contains(
        #"appearance: "DARK" is not one of system, light, dark in its stored form; the apps ignore it"#
      ))
    #expect(fixture.settingsText == text)
    // The stored forms `set` writes still read back.
    try fixture.writeSettings(#"{"appearance": "dark", "notifications": false}"#)
    #expect(try fixture.run(["get", "appearance"]).output == "dark\n")
  }
}
