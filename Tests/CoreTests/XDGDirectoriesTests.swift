import Core
import Foundation
import Testing

@Suite("XDG base directories")
struct XDGDirectoriesTests {
  @Test("Defaults under HOME")
  func defaults() {
    let folders = XDGDirectories(environment: ["HOME": "/home/ada"])
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
    let folders = XDGDirectories(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": value])
    #expect(folders.configHome.path == expected)
  }

  @Test("Every variable is read")
  func everyVariable() {
    let folders = XDGDirectories(environment: [
      "HOME": "/home/ada", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d",
      "XDG_CACHE_HOME": "/k", "XDG_STATE_HOME": "/s",
    ])
    #expect(folders.config.path == "/c/blueprint")
    #expect(folders.data(app: "todo").path == "/d/blueprint/todo")
    #expect(folders.cache(app: "feed").path == "/k/blueprint/feed")
    #expect(folders.state(app: "settings").path == "/s/blueprint/settings")
  }

  @Test("The family folders follow the XDG layout in Docs/Persistence.md")
  func familyFolders() {
    let folders = XDGDirectories(environment: ["HOME": "/home/ada"])
    #expect(folders.config.path == "/home/ada/.config/blueprint")
    #expect(folders.data(app: "todo").path == "/home/ada/.local/share/blueprint/todo")
    #expect(folders.cache(app: "feed").path == "/home/ada/.cache/blueprint/feed")
  }

  @Test("A relative HOME is not used")
  func relativeHome() {
    let folders = XDGDirectories(environment: ["HOME": "ada"])
    #expect(folders.configHome.path.hasPrefix("/"))
  }
}
