import BlueprintSamplesShared
import BlueprintSettingsModel
import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintSettingsFeatures

@Suite("Interactive editor interactors, headless")
@MainActor
struct EditorInteractorTests {
  let folder: TemporaryDirectory
  let file: SettingsFile

  init() throws {
    folder = try TemporaryDirectory(prefix: "settings-editor")
    file = SettingsFile(
      directories: XDGDirectories(
        environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path],
        identity: appIdentity))
  }

  private func setting(_ key: String) throws -> Setting { try Setting.named(key) }

  @Test("Enter on a bool toggles it and stores it; on a choice or text it navigates")
  func activate() async throws {
    let interactor = SettingsListInteractor(session: try await SettingsSession.open(file: file))
    interactor.activate(try setting("notifications"))
    await interactor.waitForTasks()
    #expect(try file.load().settings.notifications == false)
    #expect(interactor.viewModel.session.lastChange == "notifications = false")
    interactor.activate(try setting("notifications"))
    await interactor.waitForTasks()
    #expect(try file.load().settings.notifications == true)

    interactor.activate(try setting("appearance"))
    #expect(interactor.viewModel.navigation?.destination == .choice(try setting("appearance")))
    interactor.activate(try setting("theme.accent"))
    #expect(interactor.viewModel.navigation?.destination == .value(try setting("theme.accent")))
    interactor.activate(try setting("displayName"))
    #expect(interactor.viewModel.navigation?.destination == .value(try setting("displayName")))
    interactor.showTheme()
    #expect(interactor.viewModel.navigation?.destination == .theme)
  }

  @Test("Reset returns a setting to its default and keeps a backup")
  func reset() async throws {
    let session = try await SettingsSession.open(file: file)
    try await session.set(try setting("theme.density"), to: "compact")
    let interactor = SettingsListInteractor(session: session)
    interactor.reset(try setting("theme.density"))
    await interactor.waitForTasks()
    #expect(try file.load().settings.density == nil)
    #expect(session.settings.density == nil)
    #expect(session.lastChange == "theme.density reset to regular")
    #expect(try file.backups.data(forKey: SharedSettings.storeKey) != nil)
  }

  @Test("A color draft is checked as it is typed, with a live swatch; invalid is not saved")
  func colorField() async throws {
    let session = try await SettingsSession.open(file: file)
    let interactor = ValueEditorInteractor(setting: try setting("theme.accent"), session: session)
    var saved = 0
    interactor.onSaved = { saved += 1 }
    #expect(interactor.viewModel.draft == "#4B49D6/#8A88FF")
    #expect(interactor.viewModel.preview == Palette.standard.accent)

    interactor.update("#12")
    #expect(interactor.viewModel.problem?.contains("'#12' has 2 hex digits") == true)
    #expect(interactor.viewModel.preview == nil)
    #expect(interactor.save() == false)
    #expect(saved == 0)
    #expect(try file.data() == nil)

    interactor.update("#f00")
    #expect(interactor.viewModel.problem == nil)
    #expect(interactor.viewModel.preview == ColorToken(hex: "#FF0000"))
    #expect(interactor.save())
    await interactor.waitForTasks()
    #expect(saved == 1)
    #expect(try file.load().settings.palette[.accent] == ColorToken(hex: "#FF0000"))
    #expect(session.settings.palette[.accent] == ColorToken(hex: "#FF0000"))
  }

  @Test("A text draft with a control character is refused")
  func textField() async throws {
    let interactor = ValueEditorInteractor(
      setting: try setting("displayName"), session: try await SettingsSession.open(file: file))
    #expect(interactor.viewModel.draft == "")
    #expect(interactor.viewModel.problem != nil)
    interactor.update("Ada\u{1B}")
    #expect(interactor.viewModel.problem?.contains("control character U+001B") == true)
    interactor.update(" Ada ")
    #expect(interactor.save())
    await interactor.waitForTasks()
    #expect(try file.load().settings.displayName == "Ada")
  }

  @Test("The picker starts on the value in effect and stores the choice")
  func picker() async throws {
    let session = try await SettingsSession.open(file: file)
    try await session.set(try setting("appearance"), to: "light")
    let interactor = ChoicePickerInteractor(setting: try setting("appearance"), session: session)
    #expect(interactor.viewModel.selection == 1)
    var chosen = 0
    interactor.onChosen = { chosen += 1 }
    interactor.choose(2)
    await interactor.waitForTasks()
    #expect(chosen == 1)
    #expect(try file.load().settings.appearance == .dark)
    interactor.choose(7)
    await interactor.waitForTasks()
    #expect(chosen == 1)
  }

  @Test("A write that fails is reported to the error chain, not dropped")
  func writeFailure() async throws {
    let session = try await SettingsSession.open(file: file)
    // Make the config folder impossible to create.
    try Data("x".utf8).write(to: folder.appending(appIdentity.family))
    let interactor = SettingsListInteractor(session: session)
    var errors: [String] = []
    let binding = ScreenBinding(
      interactor,
      onError: {
        errors.append("\($0)")
        return true
      })
    binding.appear()
    interactor.toggle(try setting("notifications"))
    await interactor.waitForTasks()
    #expect(errors.count == 1)
    #expect(errors.first?.contains("cannot create folder") == true)
    #expect(interactor.droppedErrorCount == 0)
    #expect(session.settings.notifications == nil)
  }

  @Test("A corrupt file stops the editor before it starts")
  func corrupt() async throws {
    try FileManager.default.createDirectory(
      at: folder.appending(appIdentity.family), withIntermediateDirectories: true)
    try Data("{".utf8).write(to: folder.appending("\(appIdentity.family)/settings.json"))
    await #expect(throws: SettingError.self) { try await SettingsSession.open(file: file) }
  }
}
