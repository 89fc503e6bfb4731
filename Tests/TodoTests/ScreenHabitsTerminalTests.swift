#if canImport(Glibc)
  import Core
  import CoreTerminal
  import CoreTesting
  import Foundation
  import Testing

  @testable import BlueprintTodoFeatures

  /// The narrow footer on a real pseudo-terminal: `todo` resized to 50 columns
  /// redraws its footer with `? Help` and `q Quit` still in it, and `q` quits.
  @Suite("todo's list on a real pseudo-terminal, resized narrow", .timeLimit(.minutes(10)))
  struct ScreenHabitsTerminalTests {
    @Test("at 50 columns the footer keeps ? Help and q Quit")
    func narrowFooter() async throws {
      let home = try TodoHome()
      try home.output(["add", "Buy milk +shop !high"])
      try home.output(["add", "Pay rent due:2000-01-01"])
      let environment = home.folder.isolatedEnvironment(["TZ": "UTC", "TERM": "xterm"])
      let path = home.product.url.path
      let (footer, status) = try await offThePool { () throws -> (String, Int32?) in
        let session = try PseudoTerminalSession(
          path, [], environment: environment, isControllingTerminal: true)
        try session.waitForOutput("Pay rent")
        let offset = session.output.count
        session.setSize(columns: 50, rows: 12)  // the kernel sends SIGWINCH
        try session.waitForOutput("Quit", after: offset)
        let redrawn = Self.plain(session.output[offset...])
        session.send("q")
        return (redrawn, try session.waitForExit().exitCode)
      }
      #expect(footer.contains("? Help"), "\(footer.debugDescription)")
      #expect(!footer.contains("u Undo"), "\(footer.debugDescription)")
      #expect(footer.contains("q Quit"), "\(footer.debugDescription)")
      #expect(status == 0)
    }

    /// The text without its escape sequences (CSI and the private `ESC [ ?` ones).
    static func plain(_ bytes: ArraySlice<UInt8>) -> String {
      var text: [UInt8] = []
      var index = bytes.startIndex
      while index < bytes.endIndex {
        if bytes[index] == 0x1B, index + 1 < bytes.endIndex, bytes[index + 1] == 0x5B {
          index += 2
          while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
          index += 1
        } else {
          text.append(bytes[index])
          index += 1
        }
      }
      return String(decoding: text, as: UTF8.self)
    }
  }
#endif
