import Core
import Observation

// MARK: - View model

/// A text field for one text or color setting: the draft, whether it is valid, and
/// for colors the swatch of what is typed.
@MainActor @Observable
final class ValueEditorModel: ViewModel {
  /// The setting being edited.
  let setting: Setting
  /// What is typed so far.
  var draft: String
  /// Why the draft cannot be saved, or `nil` when it can.
  var problem: String?
  /// The color the draft names, for a live swatch; `nil` for text or an invalid color.
  var preview: ColorToken?

  /// Creates the model.
  ///
  /// - Parameters:
  ///   - setting: The setting.
  ///   - draft: The text to start from.
  init(setting: Setting, draft: String) {
    self.setting = setting
    self.draft = draft
  }
}

// MARK: - Interactor

/// Checks the draft on every change and stores it on Enter, only when it is valid.
final class ValueEditorInteractor: Interactor<ValueEditorModel> {
  private let session: SettingsSession
  /// Set by the screen: runs after a value was stored (closes the screen).
  var onSaved: (() -> Void)?

  /// Creates the interactor, starting from the value in effect.
  ///
  /// - Parameters:
  ///   - setting: A text or color setting.
  ///   - session: The settings being edited.
  init(setting: Setting, session: SettingsSession) {
    self.session = session
    let current = setting.text(in: session.settings) ?? ""
    super.init(viewModel: ValueEditorModel(setting: setting, draft: current))
    check()
  }

  /// Takes the field's new text and checks it.
  ///
  /// - Parameter draft: The text.
  func update(_ draft: String) {
    guard draft != viewModel.draft else { return }
    viewModel.draft = draft
    check()
  }

  /// Stores the draft when it is valid; an invalid draft is not saved.
  ///
  /// - Returns: Whether the value was stored.
  @discardableResult
  func save() -> Bool {
    guard viewModel.problem == nil else { return false }
    let stored = performThrowable { try session.set(viewModel.setting, to: viewModel.draft) }
    guard stored != nil else { return false }
    onSaved?()
    return true
  }

  private func check() {
    let setting = viewModel.setting
    do {
      let canonical = try setting.canonicalize(viewModel.draft)
      viewModel.problem = nil
      viewModel.preview = setting.kind == .color ? ColorToken(hex: canonical) : nil
    } catch {
      viewModel.problem = error.appError.message
      viewModel.preview = nil
    }
  }
}
