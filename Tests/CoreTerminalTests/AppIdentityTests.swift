import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

/// An app names itself once; its version, error prefix and folders follow.
@Suite("AppIdentity")
@MainActor
struct AppIdentityTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  var environment: [String: String] {
    [
      "HOME": home.path, "XDG_DATA_HOME": home.path + "/data",
      "XDG_CONFIG_HOME": home.path + "/config",
    ]
  }

  @Test("the identity sets the version, the error prefix and the folder family")
  func identityDrivesTheRunner() async {
    let identity = AppIdentity(name: "chores", version: "0.3.0", family: "acme")
    let app = CommandLineApp(
      spec: CommandLineSpec(
        identity: identity, summary: "Chores.", commands: [CommandSpec("list", summary: "List.")]))
    let version = CapturedIO()
    #expect(
      await app.run(arguments: ["--version"], environment: environment, io: version.io) { _, _ in }
        == .ok)
    #expect(version.output == "chores 0.3.0\n")

    let captured = CapturedIO()
    var folders: (data: String, config: String)?
    let code = await app.run(arguments: ["list"], environment: environment, io: captured.io) {
      _, context in
      folders = (context.dataFolder.path, context.directories.config.path)
      throw AppError("nothing to list")
    }
    #expect(code != .ok)
    #expect(captured.error.hasPrefix("chores: error: nothing to list"))
    #expect(folders?.data == home.path + "/data/acme/chores")
    #expect(folders?.config == home.path + "/config/acme")
  }

  @Test("without a family an app has folders of its own, from the spec to the context")
  func familyDefaults() async {
    #expect(AppIdentity(name: "chores", version: "1").family == "chores")
    let spec = CommandLineSpec(
      name: "chores", version: "1", summary: "Chores.",
      commands: [CommandSpec("list", summary: "List.")])
    #expect(spec.identity == AppIdentity(name: "chores", version: "1"))
    var folders: (data: String, config: String)?
    let code = await CommandLineApp(spec: spec).run(
      arguments: ["list"], environment: environment, io: CapturedIO().io
    ) { _, context in
      folders = (context.dataFolder.path, context.directories.config.path)
    }
    #expect(code == .ok)
    #expect(folders?.data == home.path + "/data/chores/chores")
    #expect(folders?.config == home.path + "/config/chores")
  }

  @Test("the kit reads no preferences file: the theme and appearance are the app's to give")
  func noPreferencesFile() async throws {
    // A settings file where the samples keep theirs, in the app's own family folder.
    for family in ["blueprint", "chores"] {
      let folder = home.appending("config/\(family)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(##"{"theme.accent":"#FF0000","appearance":"dark"}"##.utf8)
        .write(to: folder.appendingPathComponent("settings.json"))
    }
    let app = CommandLineApp(
      spec: CommandLineSpec(
        identity: AppIdentity(name: "chores", version: "1"), summary: "Chores.",
        commands: [CommandSpec("list", summary: "List.")]))
    let captured = CapturedIO()
    var seen: (Theme, Appearance, Theme, Appearance)?
    let red = try ColorToken(parsing: "#FF0000")
    let code = await app.run(
      arguments: ["list"], environment: environment.merging(["COLORFGBG": "0;15"]) { $1 },
      io: captured.io
    ) { _, context in
      var palette = Theme.default.palette
      palette.accent = red
      let styled = context.styled(theme: Theme(palette: palette), appearance: .system)
      seen = (context.theme, context.appearance, styled.theme, styled.appearance)
    }
    #expect(code == .ok)
    #expect(captured.error.isEmpty)
    #expect(seen?.0 == Theme.default)
    #expect(seen?.1 == .light)  // the terminal's (COLORFGBG), not the file's
    #expect(seen?.2.palette.accent == red)
    #expect(seen?.3 == .light)
  }
}
