import Core
import Observation

// MARK: - View model

/// A picker for one choice setting: the choices and which one is selected.
@MainActor @Observable
final class ChoicePickerModel: ViewModel {
  /// The setting being chosen.
  let setting: Setting
  /// The value in effect when the picker opened.
  let current: String?
  /// The highlighted choice.
  var selection: Int

  /// Creates the model, with the value in effect selected.
  ///
  /// - Parameters:
  ///   - setting: A choice setting.
  ///   - current: Its value in effect.
  init(setting: Setting, current: String?) {
    self.setting = setting
    self.current = current
    selection = current.flatMap { setting.choices.firstIndex(of: $0) } ?? 0
  }
}

// MARK: - Interactor

/// Stores the chosen value.
final class ChoicePickerInteractor: Interactor<ChoicePickerModel> {
  private let session: SettingsSession
  /// Set by the screen: runs after a value was stored (closes the screen).
  var onChosen: (() -> Void)?

  /// Creates the interactor.
  ///
  /// - Parameters:
  ///   - setting: A choice setting.
  ///   - session: The settings being edited.
  init(setting: Setting, session: SettingsSession) {
    self.session = session
    super.init(
      viewModel: ChoicePickerModel(setting: setting, current: setting.text(in: session.settings)))
  }

  /// Stores the choice at `index`.
  ///
  /// - Parameter index: An index into the setting's choices.
  func choose(_ index: Int) {
    let choices = viewModel.setting.choices
    guard choices.indices.contains(index) else { return }
    viewModel.selection = index
    if performThrowable({ try session.set(viewModel.setting, to: choices[index]) }) != nil {
      onChosen?()
    }
  }
}
