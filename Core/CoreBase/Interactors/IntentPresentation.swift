/// How a destination is shown, described without reference to any shell.
///
/// The terminal shell and a SwiftUI shell each map these to their own presentations:
/// a pushed screen, a sheet (a modal screen), an alert, a confirmation dialog, or no
/// screen at all (`perform`).
public enum IntentPresentation: Sendable {
  /// Pushed onto the navigation stack.
  case push
  /// Shown modally over the current screen.
  case sheet
  /// A short message with buttons; an empty `actions` means one "OK" button.
  case alert(title: String, message: String? = nil, actions: [IntentAction] = [])
  /// A choice between actions about the current screen, such as "Delete?".
  case confirmationDialog(title: String, message: String? = nil, actions: [IntentAction])
  /// No screen: the shell runs the closure, e.g. to open a link or quit.
  case perform(@MainActor @Sendable () -> Void)
}

/// A button of an alert or confirmation dialog.
public struct IntentAction: Sendable {
  /// The button's role: how a shell styles it and which key triggers it.
  public struct Role: RawRepresentable, Hashable, Sendable {
    /// The role's name.
    public var rawValue: String

    /// Creates a role from its name.
    ///
    /// - Parameter rawValue: The role's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An ordinary button.
    public static let `default` = Role(rawValue: "default")
    /// Dismisses without doing anything (Escape in the terminal).
    public static let cancel = Role(rawValue: "cancel")
    /// Deletes or discards something; shells show it as dangerous.
    public static let destructive = Role(rawValue: "destructive")
  }

  /// The button's label.
  public var title: String
  /// The button's role.
  public var role: Role
  /// What the button does, run on the main actor; nil only dismisses.
  public var handler: (@MainActor @Sendable () -> Void)?

  /// Creates a button.
  ///
  /// - Parameters:
  ///   - title: The label.
  ///   - role: The role; `.default` unless given.
  ///   - handler: What the button does; nil only dismisses.
  public init(
    _ title: String,
    role: Role = .default,
    handler: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.title = title
    self.role = role
    self.handler = handler
  }
}
