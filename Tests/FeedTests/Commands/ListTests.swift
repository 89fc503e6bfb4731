import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// `list` through the built `feed`.
@Suite("the list command", .timeLimit(.minutes(10)))
struct ListTests: FeedHomeSuite {
  let home: FeedHome

  init() throws { home = try FeedHome(prefix: "feed-list") }

  @Test("a long feed title is cut in list and refresh, so it does not widen every row")
  func longTitle() throws {
    let long = String(repeating: "Long ", count: 80)
    try home.run("add", try home.write(FeedSamples.rss(title: long, count: 1), to: "long.xml"))
    try home.run("add", try home.write(FeedSamples.rss(title: "Short", count: 1), to: "short.xml"))
    for command in ["list", "refresh"] {
      let lines = try home.run(command).output.split(separator: "\n")
      #expect(lines.count == 3, "\(lines)")
      #expect(lines.allSatisfy { $0.count < 90 }, "\(command): \(lines)")
      #expect(lines.contains { $0.contains("Long Long") && $0.contains("…") })
    }
    // JSON keeps the whole title.
    #expect(
      try home.run("list", "--json").output.contains(long.trimmingCharacters(in: .whitespaces)))
  }
}
