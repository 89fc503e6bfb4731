import Core
import Testing

@Suite("Appearance")
struct AppearanceTests {
  @Test(
    "System resolves from COLORFGBG, else dark",
    arguments: [
      ("15;0", Appearance.dark), ("0;15", .light), ("0;7", .light), ("7;8", .dark),
      ("12;default;0", .dark), ("0;default;15", .light), ("default;default", .dark),
      ("", .dark), ("0;16", .dark), ("0;11", .light),
    ])
  func resolvesSystem(value: String, expected: Appearance) {
    #expect(Appearance.system.resolved(environment: ["COLORFGBG": value]) == expected)
  }

  @Test("Without COLORFGBG, system is dark; light and dark stay as they are")
  func fallback() {
    #expect(Appearance.system.resolved(environment: [:]) == .dark)
    #expect(Appearance.light.resolved(environment: ["COLORFGBG": "15;0"]) == .light)
    #expect(Appearance.dark.resolved(environment: ["COLORFGBG": "0;15"]) == .dark)
  }
}
