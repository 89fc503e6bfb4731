import Core
import CoreTerminal
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

// MARK: - Terminal screen

/// The picker pushed for a choice setting: ↑↓ and Enter; the value in effect is marked.
final class ChoicePickerScreen: TerminalScreen {
  let interactor: ChoicePickerInteractor
  private var list = ListView()

  /// Creates the screen and binds its interactor; choosing closes it.
  ///
  /// - Parameters:
  ///   - setting: A choice setting.
  ///   - context: The stack's context for this screen.
  ///   - session: The settings being edited.
  init(setting: Setting, context: ScreenContext<SettingsRoute>, session: SettingsSession) {
    interactor = ChoicePickerInteractor(setting: setting, session: session)
    list.select(interactor.viewModel.selection, count: setting.choices.count)
    context.bind(
      interactor,
      setup: { [weak context] interactor in
        interactor.onChosen = {
          context?.dismiss()
        }
      })
  }

  var title: String { interactor.viewModel.setting.key }

  var keyBindings: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
      KeyBinding(.enter, "Choose") { [unowned self] in interactor.choose(list.selection) },
    ]
  }

  func render(into frame: inout Frame, area: Rect) {
    let model = interactor.viewModel
    frame.draw(
      model.setting.summary, row: area.row + 1, column: area.column + 2, in: area, style: .secondary
    )
    let choices = model.setting.choices
    guard area.height > 3 else { return }
    let listArea = Rect(
      row: area.row + 3, column: area.column + 1, width: min(30, area.width - 2),
      height: max(1, min(choices.count, area.height - 3)))
    list.render(into: &frame, area: listArea, count: choices.count) { index in
      ListRow((choices[index] == model.current ? "● " : "○ ") + choices[index])
    }
  }

  func handle(_ event: InputEvent) -> Bool {
    list.handle(event, count: interactor.viewModel.setting.choices.count)
  }
}
