import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `sync setup` through the built `todo`, as daily users meet it.
extension CommandLineTests {
  /// A CalDAV server that wants a user answers 401: the hint says that no password was
  /// found for the host and how to give one, not to try again.
  @Test("sync setup against a server that wants a user: exit 69, the hint says no password")
  func syncSetupUnauthorized() throws {
    let server = try LoopbackServer { _ in .status(401) }
    defer { server.stop() }
    let result = try home.run(["sync", "setup", server.url("/").absoluteString, "--list", "Chores"])
    #expect(result.status == 69)
    #expect(result.error.contains("401"), "\(result.error)")
    #expect(
      result.error.contains(
        "hint: no password was found for 127.0.0.1, in ~/.netrc or from a password command: "
          + "add 'machine 127.0.0.1 login NAME password …' to ~/.netrc (chmod 600), or run "
          + "'\(appIdentity.name) sync setup URL --user NAME --password-command CMD'"),
      "\(result.error)")
  }
}
