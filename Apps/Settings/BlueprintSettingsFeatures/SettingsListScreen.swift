internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation
internal import Observation

/// Where the interactive editor can go from its list.
enum SettingsRoute: Hashable, Sendable {
  /// A text field for a text or color setting.
  case value(Setting)
  /// A picker for a choice setting.
  case choice(Setting)
  /// The palette and contrast preview.
  case theme
}

// MARK: - View model

/// The editor's list: every setting with its value, a selection and the last change.
@MainActor @Observable
final class SettingsListModel: NavigableViewModel {
  /// The settings being edited.
  let session: SettingsSession
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
    case .choice: navigate(to: .choice(setting))
    case .text, .color: navigate(to: .value(setting))
    }
  }

  /// Flips a bool setting and stores it.
  ///
  /// - Parameter setting: A bool setting; others are left alone.
  func toggle(_ setting: Setting) {
    guard setting.kind == .bool else { return }
    let session = viewModel.session
    let isOn = setting.text(in: session.settings) == "true"
    asyncTask { try await session.set(setting, to: isOn ? "false" : "true") }
  }

  /// Returns a setting to its default.
  ///
  /// - Parameter setting: The setting.
  func reset(_ setting: Setting) {
    let session = viewModel.session
    asyncTask { try await session.reset(setting) }
  }

  /// Shows the palette and contrast preview.
  func showTheme() { navigate(to: .theme) }
}

// MARK: - Terminal screen

/// The editor's first screen: every setting with its value (`*` marks a changed
/// one, colors get a swatch) and the selected setting's description.
final class SettingsListScreen: TerminalScreen {
  let interactor: SettingsListInteractor
  private let environment: [String: String]
  private var list = ListView()

  /// Creates the screen and binds its interactor.
  ///
  /// - Parameters:
  ///   - context: The stack's context for this screen.
  ///   - session: The settings being edited.
  ///   - environment: Resolves the `system` appearance for the swatches.
  init(
    context: ScreenContext<SettingsRoute>, session: SettingsSession,
    environment: [String: String] = [:]
  ) {
    self.environment = environment
    interactor = SettingsListInteractor(session: session)
    context.bind(interactor)
  }

  var title: String { "Settings" }

  var keyBindings: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
      KeyBinding(.enter, "Edit") { [unowned self] in interactor.activate(selected) },
      KeyBinding(.character(" "), "Toggle", label: "space") { [unowned self] in
        interactor.toggle(selected)
      },
      KeyBinding(.character("d"), "Default") { [unowned self] in interactor.reset(selected) },
      KeyBinding(.character("t"), "Theme") { [unowned self] in interactor.showTheme() },
    ]
  }

  private var selected: Setting { Setting.all[min(list.selection, Setting.all.count - 1)] }

  func render(into frame: inout Frame, area: Rect) {
    let settings = interactor.viewModel.session.settings
    let keyWidth = Setting.keys.map(\.count).max() ?? 0
    // Under the list, when the window has the rows: a contrast warning, the last
    // change, the selected setting's summary.
    var stack = RowStack(area)
    let hasNotes = area.height >= 8
    let summaryLine = stack.last(hasNotes ? 1 : 0).inset(leading: 1, trailing: 1)
    let changeLine = stack.last(hasNotes ? 1 : 0).inset(leading: 1, trailing: 1)
    let warningLine = stack.last(hasNotes ? 1 : 0).inset(leading: 1, trailing: 1)
    let listArea = stack.remaining
    list.render(into: &frame, area: listArea, count: Setting.all.count) { index in
      ListRow(rowText(Setting.all[index], settings: settings, keyWidth: keyWidth))
    }
    drawSwatches(into: &frame, area: listArea, settings: settings, keyWidth: keyWidth)
    let session = interactor.viewModel.session
    if let warning = session.contrastWarning {
      frame.draw(
        "! " + warning.message, in: warningLine, style: TextStyle(foreground: .role(.warning)))
    }
    if let change = session.lastChange {
      frame.draw("✓ " + change, in: changeLine, style: TextStyle(foreground: .role(.success)))
    }
    frame.draw(selected.summary, in: summaryLine, style: .secondary)
  }

  /// `* key   value`: the marker, the key padded to the longest, the value.
  private func rowText(_ setting: Setting, settings: SharedSettings, keyWidth: Int) -> String {
    let marker = setting.isDefault(in: settings) ? "  " : "* "
    return marker + setting.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  "
      + (setting.text(in: settings)?.terminalSafe ?? "(not set)")
  }

  /// A swatch after the value of each visible color setting, when it fits.
  private func drawSwatches(
    into frame: inout Frame, area: Rect, settings: SharedSettings, keyWidth: Int
  ) {
    let appearance = (settings.appearance ?? .system).resolved(environment: environment)
    for line in 0..<min(area.height, Setting.all.count - list.offset) {
      let setting = Setting.all[list.offset + line]
      guard setting.kind == .color, let text = setting.text(in: settings),
        let token = ColorToken(hex: text)
      else { continue }
      // One column after the row's text, and only when the scroll bar's column is free.
      let after = area.line(line).inset(
        leading: 2 + rowText(setting, settings: settings, keyWidth: keyWidth).count)
      guard after.width > 3 else { continue }
      frame.draw(
        "  ", in: after.leadingColumns(2),
        style: TextStyle(background: .token(ColorToken(token.resolved(for: appearance)))),
        sanitizing: false)
    }
  }

  func handle(_ event: InputEvent) -> Bool {
    list.handle(event, count: Setting.all.count)
  }
}
