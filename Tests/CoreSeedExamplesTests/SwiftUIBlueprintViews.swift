#if canImport(SwiftUI)
  import CoreSwiftUI
  import SwiftUI

  // The SwiftUI parts of SwiftUIBlueprint's README, as written. Compiled where SwiftUI
  // exists (the Apple CI jobs); on Linux `.ci/run` type-checks it against SwiftUI's
  // interface.

  struct HomeScreen: View {
    @Environment(Router<AppRoute>.self) private var router

    var body: some View {
      Button("Profile") {
        // From any child screen:
        router.push(.profile(id: 7))
      }
    }
  }

  struct ProfileScreen: View {
    let id: Int
    var body: some View { Text("Profile \(id)") }
  }

  struct SettingsScreen: View {
    var body: some View { Text("Settings") }
  }

  struct RootScreen: View {
    var body: some View {
      RouterView(Router<AppRoute>()) {
        HomeScreen()
      } destination: { route in
        switch route {
        case .profile(let id): ProfileScreen(id: id)
        case .settings: SettingsScreen()
        }
      }
    }
  }

  struct ThemedApp: App {
    var theme: Theme {
      var theme = Theme.default
      // swift-format-ignore: NeverForceUnwrap
      // (the README's own force unwrap, kept as written)
      theme.palette.accent = ColorToken(hexString: "#5E5CE6", darkHexString: "#7D7AFF")!
      return theme
    }

    var body: some Scene {
      WindowGroup { RootScreen() }
        .theme(theme)
    }
  }

  struct TokensView: View {
    @Environment(\.theme) private var theme

    var body: some View {
      VStack {
        Text("Hello").foregroundStyle(Color(token: theme.palette.accent))
        Text("Padded").padding(.all, \.md)  // 12 pt from the spacing ladder
        Text("Rounded").cornerRadius(\.medium)
      }
    }
  }
#endif
