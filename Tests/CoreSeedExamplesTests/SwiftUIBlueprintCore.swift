import Core
import CoreTesting
import Foundation
import Testing

// The headless examples of SwiftUIBlueprint's README, as written: the router calls,
// the design tokens and the key–value store. (RouterView, `.theme` on a scene,
// `Color(token:)` and `.padding(.all, \.md)` are in SwiftUIBlueprintViews.swift,
// compiled where SwiftUI exists.)

enum AppRoute: Hashable, Sendable {
  case profile(id: Int)
  case settings
}

struct Settings: Codable, Equatable {
  var notificationsEnabled: Bool
  var displayName: String
}

@Suite("SwiftUIBlueprint README: navigation, tokens, persistence")
@MainActor
struct SwiftUIBlueprintCoreTests {
  @Test("the router calls from any child screen")
  func routerCalls() {
    let router = Router<AppRoute>()
    router.push(.profile(id: 7))
    #expect(router.path == [.profile(id: 7)])
    router.pop()
    #expect(router.path.isEmpty)
    router.push(.profile(id: 7))
    router.push(.profile(id: 8))
    router.popToRoot()
    #expect(router.path.isEmpty)
    router.push(.profile(id: 7))
    router.replaceTop(with: .settings)  // e.g. post-login redirect
    #expect(router.path == [.settings])
  }

  @Test("the design tokens: a light/dark accent and the 12 pt md step")
  func designTokens() {
    var theme = Theme.default
    theme.palette.accent = ColorToken(hexString: "#5E5CE6", darkHexString: "#7D7AFF")!

    #expect(theme.palette.accent.resolved(for: .light).hex == "#5E5CE6")
    #expect(theme.palette.accent.resolved(for: .dark).hex == "#7D7AFF")
    #expect(theme.spacing.md == 12)  // "12 pt from the spacing ladder"
    #expect(ColorToken(hexString: "#5E5CE6")?.dark.hex == "#5E5CE6")
    #expect(ColorToken(hexString: "#5E5CE6", darkHexString: "night") == nil)
    #expect(ColorToken(hexString: "blue") == nil)
  }

  @Test("the key–value store: setValue, then value(_:forKey:)")
  func keyValue() throws {
    let folder = try TemporaryDirectory(prefix: "seed-defaults")
    // The README's suite is "com.example.settings"; an absolute suite name keeps the
    // property list in a temporary folder instead of ~/.config.
    let suiteName = folder.path + "/com.example.settings"

    let store = UserDefaultsStore(suiteName: suiteName)
    try store.setValue(Settings(notificationsEnabled: true, displayName: "Ada"), forKey: "settings")
    let restored: Settings? = try store.value(Settings.self, forKey: "settings")

    #expect(restored == Settings(notificationsEnabled: true, displayName: "Ada"))
    let reopened = UserDefaultsStore(suiteName: suiteName)
    #expect(try reopened.value(Settings.self, forKey: "settings") == restored)
  }

  @Test("a suite name UserDefaults rejects gives a store whose calls throw, not a crash")
  func rejectedSuite() {
    // Apple's UserDefaults rejects the global domain; Linux's accepts every name, so
    // the rejected suite is made directly.
    let store = UserDefaultsStore(suiteName: UserDefaults.globalDomain, defaults: nil)
    #expect(!store.isAvailable)
    #expect(throws: PersistenceError.self) {
      try store.setValue(Settings(notificationsEnabled: false, displayName: ""), forKey: "settings")
    }
    #expect(throws: PersistenceError.self) { try store.value(Settings.self, forKey: "settings") }
  }
}
