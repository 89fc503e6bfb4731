import Core
import Observation

/// Where the interactive editor can go from its list.
enum SettingsRoute: Hashable, Sendable {
  /// A text field for a text or color setting.
  case value(key: String)
  /// A picker for a choice setting.
  case choice(key: String)
  /// The palette and contrast preview.
  case theme
}

// MARK: - View model

/// The editor's list: every setting with its value, a selection and the last change.
@MainActor @Observable
final class SettingsListModel: NavigableViewModel {
  /// The settings being edited.
  let session: SettingsSession
  /// The last change, e.g. `notifications = false`.
  var message: String?
  /// A pending request to show another screen.
  var navigation: NavigationIntent<SettingsRoute>?

  /// Creates the model.
  ///
  /// - Parameter session: The settings being edited.
  init(session: SettingsSession) { self.session = session }
}

// MARK: - Interactor

/// What the list does: Enter opens the right editor for a setting's kind, space
/// toggles a bool, `d` returns a setting to its default, `t` shows the theme.
final class SettingsListInteractor: Interactor<SettingsListModel> {
  /// Creates the interactor.
  ///
  /// - Parameter session: The settings being edited.
  init(session: SettingsSession) {
    super.init(viewModel: SettingsListModel(session: session))
  }

  /// Edits a setting: a bool toggles, a choice opens the picker, text and colors
  /// open the text field.
  ///
  /// - Parameter setting: The selected setting.
  func activate(_ setting: Setting) {
    switch setting.kind {
    case .bool: toggle(setting)
    case .choice: navigate(to: .choice(key: setting.key))
    case .text, .color: navigate(to: .value(key: setting.key))
    }
  }

  /// Flips a bool setting and stores it.
  ///
  /// - Parameter setting: A bool setting; others are left alone.
  func toggle(_ setting: Setting) {
    guard setting.kind == .bool else { return }
    let session = viewModel.session
    let isOn = setting.text(in: session.settings) == "true"
    performThrowable {
      let stored = try session.set(setting, to: isOn ? "false" : "true")
      viewModel.message = "\(setting.key) = \(stored)"
    }
  }

  /// Returns a setting to its default.
  ///
  /// - Parameter setting: The setting.
  func reset(_ setting: Setting) {
    let session = viewModel.session
    performThrowable {
      try session.reset(setting)
      viewModel.message = "\(setting.key) reset to \(setting.defaultText ?? "(not set)")"
    }
  }

  /// Shows the palette and contrast preview.
  func showTheme() { navigate(to: .theme) }
}
