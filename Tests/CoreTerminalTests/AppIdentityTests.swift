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

  @Test("without a family an app has folders of its own; the samples share 'blueprint'")
  func familyDefaults() {
    #expect(AppIdentity(name: "chores", version: "1").family == "chores")
    let folders = XDGDirectories(environment: environment)
    #expect(folders.family == XDGDirectories.blueprintFamily)
    #expect(folders.data(app: "todo").path == home.path + "/data/blueprint/todo")
    let own = XDGDirectories(environment: environment, family: "chores")
    #expect(own.cache(app: "chores").path == home.path + "/.cache/chores/chores")
  }
}
