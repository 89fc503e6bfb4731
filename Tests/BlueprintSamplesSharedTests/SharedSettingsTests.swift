import BlueprintSamplesShared
import Core
import CoreTesting
import Foundation
import Testing

@Suite("SharedSettings")
struct SharedSettingsTests {
  let folder: TemporaryDirectory
  let store: FileKeyValueStore

  init() throws {
    folder = try TemporaryDirectory()
    store = FileKeyValueStore(directory: folder.url)
  }

  @Test("stores a flat object with the settings editor's keys")
  func flatFile() throws {
    let accent = try ColorToken(parsing: "#5E5CE6/#7D7AFF")
    let settings = SharedSettings(
      displayName: "Ada", notifications: false, appearance: .dark,
      palette: [.accent: accent, .danger: try ColorToken(parsing: "#FF0000")], density: .compact)
    try store.set(settings, forKey: SharedSettings.storeKey)
    let text = try String(contentsOf: folder.appending("settings.json"), encoding: .utf8)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["displayName"] as? String == "Ada")
    #expect(object["notifications"] as? Bool == false)
    #expect(object["appearance"] as? String == "dark")
    #expect(object["theme.accent"] as? String == "#5E5CE6/#7D7AFF")
    #expect(object["theme.palette.danger"] as? String == "#FF0000")
    #expect(object["theme.density"] as? String == "compact")
    #expect(try SharedSettings.load(from: store) == settings)
  }

  @Test("no file means every default")
  func missingFile() throws {
    let settings = try SharedSettings.load(from: store)
    #expect(settings == SharedSettings())
    #expect(settings.theme == Theme.default)
  }

  @Test("the theme applies palette overrides and density")
  func theme() throws {
    let red = try ColorToken(parsing: "#F00")
    let theme = SharedSettings(palette: [.accent: red], density: .spacious).theme
    #expect(theme.palette.accent == red)
    #expect(theme.palette.text == Theme.default.palette.text)
    #expect(theme.density == .spacious)
    #expect(theme.spacing == SpacingScale(density: .spacious))
  }

  @Test("unknown keys are ignored")
  func unknownKeys() throws {
    let json = #"{"appearance":"light","future.key":42}"#
    try Data(json.utf8).write(to: folder.appending("settings.json"))
    #expect(try SharedSettings.load(from: store).appearance == .light)
  }

  @Test("a bad value is a corrupted error naming the file, and the file is kept")
  func corrupt() throws {
    let bytes = Data(##"{"theme.accent":"#12345"}"##.utf8)
    let url = folder.appending("settings.json")
    try bytes.write(to: url)
    #expect {
      try SharedSettings.load(from: store)
    } throws: { error in
      guard case .corrupted(_, let path, _) = error as? PersistenceError else { return false }
      return path == url.path
    }
    #expect(try Data(contentsOf: url) == bytes)
  }
}
