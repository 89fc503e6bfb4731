import Core
import CoreTesting
import Foundation
import Testing

@Suite("Concurrent processes", .timeLimit(.minutes(10)))
struct ConcurrencyTests {
  @Test("Ten processes each setting a different key at the same moment all persist")
  func tenWriters() throws {
    let fixture = try SettingsFixture()
    let changes: [(String, String)] = [
      ("displayName", "Ada"), ("notifications", "false"), ("appearance", "dark"),
      ("theme.density", "compact"), ("theme.accent", "#FF0000"),
      ("theme.palette.background", "#000000"), ("theme.palette.text", "#FFFFFF"),
      ("theme.palette.success", "#00AA00"), ("theme.palette.warning", "#AAAA00"),
      ("theme.palette.danger", "#AA0000"),
    ]
    let processes = try changes.map { key, value in
      try fixture.product.start(["set", key, value], environment: fixture.environment)
    }
    let results = try processes.map { try $0.wait() }
    #expect(results.map(\.status) == Array(repeating: 0, count: changes.count))
    let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.settingsURL))
    let object = try #require(stored as? [String: Any])
    #expect(object.count == changes.count)
    for (key, value) in changes {
      let text = (object[key] as? String) ?? (object[key] as? Bool).map { $0 ? "true" : "false" }
      #expect(text == value, "\(key)")
    }
  }
}
