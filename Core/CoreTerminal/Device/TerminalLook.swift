public import CoreBase

/// How a running terminal UI looks, as its settings say: the appearance and the theme,
/// or `nil` to keep the current ones (settings that cannot be read keep the last good
/// look), and a notice for the status line.
///
/// <!-- doc-test: skip a fragment: `runtime`, `looks` come from its surroundings -->
/// ```swift
/// runtime.follow(looks)   // each look restyles the open screens
/// ```
public struct TerminalLook: Sendable, Hashable {
  /// An appearance and a theme.
  public struct Style: Sendable, Hashable {
    /// Light or dark.
    public var appearance: Appearance
    /// Resolves palette roles.
    public var theme: Theme

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - appearance: Light or dark (resolved: not `system`).
    ///   - theme: The palette and density.
    public init(appearance: Appearance, theme: Theme) {
      self.appearance = appearance
      self.theme = theme
    }
  }

  /// The style to draw with; `nil` keeps the current one.
  public var style: Style?
  /// What the status line says about it (e.g. why the settings were not applied);
  /// `nil` clears it.
  public var notice: String?

  /// Creates a look.
  ///
  /// - Parameters:
  ///   - style: The style, or `nil` to keep the current one.
  ///   - notice: A message for the status line, or `nil`.
  public init(style: Style?, notice: String? = nil) {
    self.style = style
    self.notice = notice
  }
}

/// A root view whose status line can show a notice that belongs to no screen: why
/// the settings were not applied. ``ScreenStack`` is one.
@MainActor
public protocol TerminalNoticeBoard: AnyObject {
  /// The notice, shown when the front screen has no status of its own.
  var notice: String? { get set }
}
