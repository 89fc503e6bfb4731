#if canImport(SwiftUI)
  public import Core
  public import SwiftUI

  private struct ThemeKey: EnvironmentKey {
    static let defaultValue = Theme.default
  }

  extension EnvironmentValues {
    /// The theme of the views below the nearest `.theme(_:)`;
    /// ``Theme/default`` when none set one.
    public var theme: Theme {
      get { self[ThemeKey.self] }
      set { self[ThemeKey.self] = newValue }
    }
  }

  extension View {
    /// Sets the theme of this view and every view below it.
    ///
    /// Read it with `@Environment(\.theme) private var theme`.
    ///
    /// - Parameter theme: The theme.
    /// - Returns: The view with the theme in its environment.
    public func theme(_ theme: Theme) -> some View {
      environment(\.theme, theme)
    }
  }

  extension Scene {
    /// Sets the theme of every view in this scene.
    ///
    /// ```swift
    /// WindowGroup { RootScreen() }
    ///   .theme(theme)
    /// ```
    ///
    /// - Parameter theme: The theme.
    /// - Returns: The scene with the theme in its environment.
    public func theme(_ theme: Theme) -> some Scene {
      environment(\.theme, theme)
    }
  }
#endif
