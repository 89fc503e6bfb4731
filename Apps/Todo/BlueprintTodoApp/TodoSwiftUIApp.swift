#if canImport(SwiftUI)
  import BlueprintTodoFeatures
  import BlueprintTodoModel
  import Core
  import CoreSwiftUI
  import SwiftUI
  #if canImport(AppKit)
    import AppKit
    import Foundation
  #endif
  #if canImport(BlueprintSamplesShared)
    import BlueprintSamplesShared
  #endif

  /// `todo-app`: the todo list in a window, on the same store and the same
  /// interactors as the terminal's `todo` — a todo added in one shows in the other.
  ///
  /// It reads the samples' shared settings once at launch, like the terminal app:
  /// their theme goes to every view through `.theme(_:)`, their appearance to the
  /// colour scheme, their display name to the list's header. A copy of the sample has
  /// no shared settings library: it draws with the kit's default theme and follows the
  /// system's appearance.
  struct TodoSwiftUIApp: App {
    #if canImport(AppKit)
      @NSApplicationDelegateAdaptor(TodoAppDelegate.self) private var appDelegate
    #endif
    private let store: TodoStore
    private let theme: Theme
    private let appearance: Appearance?
    private let displayName: String?

    init() {
      let directories = XDGDirectories(family: appIdentity.family)
      store = TodoStore(directory: directories.data(app: appIdentity.name))
      #if canImport(BlueprintSamplesShared)
        // A missing or damaged settings file means the default theme, as in the terminal.
        let settings =
          (try? SharedSettings.load(from: SharedSettings.makeStore(directories)))
          ?? SharedSettings()
        theme = settings.theme
        appearance = settings.appearance
        displayName = settings.displayName
      #else
        theme = .default
        appearance = nil
        displayName = nil
      #endif
    }

    var body: some Scene {
      WindowGroup("Todos") {
        NavigationStack {
          TodoListView(store: store, displayName: displayName)
        }
        .preferredColorScheme(colorScheme)
      }
      .theme(theme)
    }

    /// The shared appearance as a colour scheme; `nil` follows the system.
    private var colorScheme: ColorScheme? {
      switch appearance {
      case .light: .light
      case .dark: .dark
      case .system, nil: nil
      }
    }
  }

  // The entry point. It stands in a platform branch because the SwiftUI interface
  // the Linux type-check uses lacks `App.main()` (Apple documents it: SwiftUI › App ›
  // main()); everything else in the app is type-checked there.
  #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    @main extension TodoSwiftUIApp {}
  #endif

  #if canImport(AppKit)
    /// Brings the window to the front when the app runs as a bare executable
    /// (`swift run todo-app`). Without an app bundle and its Info.plist, AppKit gives
    /// the process the `prohibited` activation policy: no Dock icon, no window in
    /// front. `regular` is what a bundled app has by default.
    final class TodoAppDelegate: NSObject, NSApplicationDelegate {
      func applicationWillFinishLaunching(_ notification: Notification) {
        NSApplication.shared.setActivationPolicy(.regular)
      }

      func applicationDidFinishLaunching(_ notification: Notification) {
        NSApplication.shared.activate()
      }
    }
  #endif
#else
  import BlueprintTodoFeatures
  import Core
  import Foundation

  /// `todo-app` where SwiftUI does not exist (Linux): it says so and exits 69
  /// (`EX_UNAVAILABLE`), naming the terminal app that does run here.
  @main
  enum TodoSwiftUIApp {
    static func main() { appIdentity.exitNeedingApplePlatform(for: "the same list") }
  }
#endif
