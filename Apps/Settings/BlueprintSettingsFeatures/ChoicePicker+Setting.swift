internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase
internal import CoreTerminal

/// The shell's generic picker (`ChoicePickerScreen`, in CoreTerminal) for a choice
/// setting: its key, summary and choices, storing through the session.
extension ChoicePickerInteractor {
  /// A picker for `setting` that stores the choice in `session`.
  ///
  /// - Parameters:
  ///   - setting: A choice setting.
  ///   - session: The settings being edited.
  @MainActor
  convenience init(setting: Setting, session: SettingsSession) {
    self.init(model: ChoicePickerModel(setting: setting, session: session)) { choice in
      try await session.set(setting, to: choice)
    }
  }
}

extension ChoicePickerModel {
  /// The choices of `setting`, with its value in `session` selected.
  @MainActor
  convenience init(setting: Setting, session: SettingsSession) {
    self.init(
      title: setting.key, summary: setting.summary, choices: setting.choices,
      current: setting.text(in: session.settings))
  }
}

extension ChoicePickerScreen where Route == SettingsRoute {
  /// The picker pushed for a choice setting.
  ///
  /// - Parameters:
  ///   - setting: A choice setting.
  ///   - context: The stack's context for this screen.
  ///   - session: The settings being edited.
  @MainActor
  convenience init(
    setting: Setting, context: ScreenContext<SettingsRoute>, session: SettingsSession
  ) {
    self.init(model: ChoicePickerModel(setting: setting, session: session), context: context) {
      choice in try await session.set(setting, to: choice)
    }
  }
}
