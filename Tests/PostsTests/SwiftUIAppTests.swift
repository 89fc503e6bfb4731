import Core
import CoreTesting
import Testing

@testable import BlueprintPostsFeatures

/// `posts-app` where SwiftUI does not exist (Linux): it builds, and says what it needs.
@Suite("posts-app without SwiftUI")
struct SwiftUIAppTests {
  #if !canImport(SwiftUI)
    @Test("it says it needs an Apple platform and exits 69")
    func needsAnApplePlatform() async throws {
      let result = try await PostsServer().run([], product: appIdentity.name + "-app")
      #expect(result.status == 69)
      #expect(result.error.hasPrefix("\(appIdentity.name)-app: error: the SwiftUI app needs"))
    }
  #endif
}
