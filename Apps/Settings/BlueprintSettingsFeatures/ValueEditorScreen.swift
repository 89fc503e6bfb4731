internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal
internal import Observation

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

  /// Stores the draft when it is valid (off the main actor, busy meanwhile), then
  /// calls ``onSaved``; an invalid draft is not saved.
  ///
  /// - Returns: Whether the draft was valid and its save started.
  @discardableResult
  func save() -> Bool {
    guard viewModel.problem == nil else { return false }
    let (setting, draft) = (viewModel.setting, viewModel.draft)
    let started = asyncTask { [session] in
      try await session.set(setting, to: draft)
      self.onSaved?()
    }
    return started != nil
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

// MARK: - Terminal screen

/// A text field for a text or color setting: the value turns the danger color while
/// it is invalid (and the reason shows below); colors get a live swatch.
final class ValueEditorScreen: TerminalScreen {
  let interactor: ValueEditorInteractor
  private var field: TextField

  /// Creates the screen and binds its interactor; saving closes it.
  ///
  /// - Parameters:
  ///   - setting: A text or color setting.
  ///   - context: The stack's context for this screen.
  ///   - session: The settings being edited.
  init(setting: Setting, context: ScreenContext<SettingsRoute>, session: SettingsSession) {
    interactor = ValueEditorInteractor(setting: setting, session: session)
    field = TextField(text: interactor.viewModel.draft)
    context.bind(
      interactor,
      setup: { [weak context] interactor in
        interactor.onSaved = {
          context?.dismiss()
        }
      })
  }

  var title: String { interactor.viewModel.setting.key }
  var isEditingText: Bool { true }

  var keyBindings: [KeyBinding] {
    [
      KeyBinding(.enter, "Save") { [unowned self] in interactor.save() },
      KeyBinding(.escape, "Cancel"),
    ]
  }

  func render(into frame: inout Frame, area: Rect) {
    let model = interactor.viewModel
    var stack = RowStack(area.inset(leading: 2))
    stack.skip()
    let summaryLine = stack.next()
    stack.skip()
    let valueLines = stack.next(2)
    stack.skip()
    let detailLine = stack.next()
    // `Value: [field] ██ ██`: the label, the field, then each appearance's swatch with
    // its name on the line under it.
    let width = max(2, min(40, area.width - 12))
    let (label, input, _, light, dark) = valueLines.columns(
      .fixed(7), .fixed(width), .fixed(1), .fixed(7), .fixed(7))
    frame.draw(model.setting.summary, in: summaryLine, style: .secondary)
    frame.draw("Value:", in: label.line(0), sanitizing: false)
    guard valueLines.height > 0 else { return }
    field.render(into: &frame, in: input.line(0))
    if model.problem != nil {
      frame.restyle(
        input.line(0), style: TextStyle(foreground: .role(.danger), isUnderlined: true))
    }
    if let token = model.preview {
      for (swatch, name, color) in [(light, "light", token.light), (dark, "dark", token.dark)] {
        frame.draw(
          "  ", in: swatch.line(0).leadingColumns(2),
          style: TextStyle(background: .token(ColorToken(color))), sanitizing: false)
        frame.draw(name, in: swatch.line(1), style: .secondary, sanitizing: false)
      }
    }
    if let problem = model.problem {
      frame.draw(problem, in: detailLine, style: .error)
    } else {
      frame.draw(model.setting.detail, in: detailLine, style: .secondary, sanitizing: false)
    }
  }

  func handle(_ event: InputEvent) -> Bool {
    guard field.handle(event) else { return false }
    interactor.update(field.text)
    return true
  }
}
