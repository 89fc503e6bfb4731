#if canImport(Glibc)
  import Core
  import CoreTesting
  import Foundation
  import Testing

  @testable import BlueprintTodoFeatures

  /// The shared settings changed by another process restyle the open `todo`: the built
  /// executables on a real pseudo-terminal. Each test waits for the screen it expects.
  @Suite(
    "the open screens follow the shared settings", .timeLimit(.minutes(10)),
    .enabled(
      if: (try? BuiltProduct("settings")) != nil && (try? BuiltProduct("feed")) != nil,
      "needs the settings and feed executables, which a copy of todo alone does not have"))
  struct LiveSettingsTerminalTests {
    /// The style codes written just before the header's title, in `bytes`.
    static func headerStyle(_ bytes: ArraySlice<UInt8>, title: String = "Todos") -> String? {
      let text = String(decoding: bytes, as: UTF8.self)
      guard let title = text.range(of: " " + title, options: .backwards),
        let escape = text[..<title.lowerBound].range(of: "\u{1b}[", options: .backwards)
      else { return nil }
      return String(text[escape.upperBound..<title.lowerBound])
    }

    @Test("settings set appearance dark restyles the open list; a broken file keeps the look")
    func restyle() async throws {
      let home = try TodoHome()
      try home.output(["add", "Pay rent"])
      try home.writeSettings(#"{"appearance": "light"}"#)
      let settings = try BuiltProduct("settings")
      // Full colour: the light and the dark palettes differ there.
      let colors = ["COLORTERM": "truecolor"]
      let environment = home.folder.isolatedEnvironment(["TZ": "UTC", "TERM": "xterm"])
      try await LiveListTerminalTests.withUI(home, ready: "1 open", environment: colors) {
        session in
        let light = Self.headerStyle(session.output[...])
        let offset = session.output.count
        let set = try settings.run(["set", "appearance", "dark"], environment: environment)
        #expect(set.status == 0, "\(set.error)")
        // A restyle repaints every row, the header's included.
        try session.waitForScreen { _ in Self.headerStyle(session.output[offset...]) != nil }
        let dark = Self.headerStyle(session.output[offset...])
        #expect(
          light != nil && dark != light,
          "light \(String(describing: light)), dark \(String(describing: dark))")
        // Saved broken from an editor: the look stays, the status line says why.
        let repainted = session.output.count
        try home.writeSettings(#"{"appearance": "dark""#)
        let screen = try session.waitForScreen { $0.text.contains("settings not applied") }
        #expect(Self.headerStyle(session.output[repainted...]) == nil, "\(screen.text)")
      }
    }

    @Test(
      "settings set appearance dark restyles the open settings editor and feed reader",
      arguments: [("settings", "Settings"), ("feed", "Feeds")])
    func restyleOtherSamples(product: String, title: String) async throws {
      let home = try TodoHome()
      try home.writeSettings(#"{"appearance": "light"}"#)
      let settings = try BuiltProduct("settings")
      let path = try BuiltProduct(product).url.path
      let environment = home.folder.isolatedEnvironment(["TZ": "UTC", "TERM": "xterm"])
      let status = try await offThePool { () throws -> Int32? in
        let session = try PseudoTerminalSession(
          path, [], environment: environment.merging(["COLORTERM": "truecolor"]) { $1 },
          isControllingTerminal: true)
        try session.waitForScreen { $0.text.contains("q Quit") }
        let light = Self.headerStyle(session.output[...], title: title)
        let offset = session.output.count
        let set = try settings.run(["set", "appearance", "dark"], environment: environment)
        #expect(set.status == 0, "\(set.error)")
        try session.waitForScreen { _ in
          Self.headerStyle(session.output[offset...], title: title) != nil
        }
        let dark = Self.headerStyle(session.output[offset...], title: title)
        #expect(
          light != nil && dark != light, "\(String(describing: light)) \(String(describing: dark))")
        session.send("q")
        return try session.waitForExit().exitCode
      }
      #expect(status == 0)
    }
  }
#endif
