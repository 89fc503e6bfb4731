import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `config` through the built `feed`.
@Suite("the config command", .timeLimit(.minutes(10)))
struct ConfigTests: FeedHomeSuite {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-config") }

  @Test("config refresh-on-open is stored and shown")
  func config() throws {
    #expect(try home.run("config").output == "refresh-on-open = off\n")
    #expect(try home.run("config", "refresh-on-open", "on").output == "refresh-on-open = on\n")
    #expect(try home.run("config", "refresh-on-open").output == "on\n")
  }
}
