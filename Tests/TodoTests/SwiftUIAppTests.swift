import Core
import CoreTesting
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// `todo-app` is the SwiftUI shell of the same list; where SwiftUI does not exist
/// (Linux) its binary must still build, and explain itself instead of doing nothing.
@Suite("todo-app without SwiftUI")
struct SwiftUIAppTests {
  #if !canImport(SwiftUI)
    @Test("says it needs an Apple platform, names the terminal app, exits 69, writes nothing")
    func needsAnApplePlatform() throws {
      let home = try TodoHome()
      let app = try BuiltProduct(appIdentity.name + "-app")
      let result = try app.run(["--help"], environment: home.environment)
      #expect(result.status == 69)
      #expect(!result.wasSignalled)
      #expect(result.output.isEmpty)
      #expect(
        result.error == """
          \(appIdentity.name)-app: error: the SwiftUI app needs an Apple platform (macOS 14 or later)
          hint: run '\(appIdentity.name)' for the same list in the terminal

          """)
      #expect(home.storedBytes == nil)
    }
  #endif
}
