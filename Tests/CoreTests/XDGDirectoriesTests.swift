import Core
import Foundation
import Testing

@Suite("XDG base directories")
struct XDGDirectoriesTests {
  @Test("Defaults under HOME")
  func defaults() {
    let folders = XDGDirectories(environment: ["HOME": "/home/ada"], family: "blueprint")
    #expect(folders.configHome.path == "/home/ada/.config")
    #expect(folders.dataHome.path == "/home/ada/.local/share")
    #expect(folders.cacheHome.path == "/home/ada/.cache")
    #expect(folders.stateHome.path == "/home/ada/.local/state")
  }

  @Test(
    "Absolute values win; empty and relative values are ignored",
    arguments: [
      ("/xdg/config", "/xdg/config"), ("", "/home/ada/.config"),
      ("relative/config", "/home/ada/.config"), ("./config", "/home/ada/.config"),
      ("~/config", "/home/ada/.config"),
    ])
  func configHome(value: String, expected: String) {
    let folders = XDGDirectories(
      environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": value], family: "chores")
    #expect(folders.configHome.path == expected)
  }

  @Test("Every variable is read")
  func everyVariable() {
    let folders = XDGDirectories(
      environment: [
        "HOME": "/home/ada", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d",
        "XDG_CACHE_HOME": "/k", "XDG_STATE_HOME": "/s",
      ], family: "blueprint")
    #expect(folders.config.path == "/c/blueprint")
    #expect(folders.data(app: "todo").path == "/d/blueprint/todo")
    #expect(folders.cache(app: "feed").path == "/k/blueprint/feed")
    #expect(folders.state(app: "settings").path == "/s/blueprint/settings")
  }

  @Test("The family folders follow the XDG layout in Docs/Persistence.md")
  func familyFolders() {
    let folders = XDGDirectories(environment: ["HOME": "/home/ada"], family: "blueprint")
    #expect(folders.config.path == "/home/ada/.config/blueprint")
    #expect(folders.data(app: "todo").path == "/home/ada/.local/share/blueprint/todo")
    #expect(folders.cache(app: "feed").path == "/home/ada/.cache/blueprint/feed")
  }

  @Test("An identity's folders are its family's; without a family, its own name's")
  func identityFolders() {
    let environment = ["HOME": "/home/ada"]
    let own = XDGDirectories(
      environment: environment, identity: AppIdentity(name: "chores", version: "1"))
    #expect(own.config.path == "/home/ada/.config/chores")
    #expect(own.data(app: "chores").path == "/home/ada/.local/share/chores/chores")
    let shared = XDGDirectories(
      environment: environment, identity: AppIdentity(name: "mop", version: "1", family: "acme"))
    #expect(shared.data(app: "mop").path == "/home/ada/.local/share/acme/mop")
  }

  @Test("A relative HOME is not used")
  func relativeHome() {
    let folders = XDGDirectories(environment: ["HOME": "ada"], family: "chores")
    #expect(folders.configHome.path.hasPrefix("/"))
  }
}
