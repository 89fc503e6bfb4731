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

  @Test("list tells feeds that share a title apart by their hosts, and only those")
  func sameTitles() async throws {
    let file = try opml([
      ("News", "https://one.example/feed.xml"), ("news", "https://two.example/rss"),
      ("Other", "https://three.example/feed.xml"),
      ("Blog", "https://same.example/a.xml"), ("Blog", "https://same.example/b.xml"),
    ])
    try await home.runToExit("import", file)
    let list = try await home.runToExit("list").output
    let rows = list.split(separator: "\n").dropFirst().map(String.init)
    #expect(rows.count == 5, "\(list)")
    #expect(rows[0].contains("News (one.example)"), "\(list)")
    #expect(rows[1].contains("news (two.example)"), "\(list)")
    #expect(rows[2].contains("Other ") && !rows[2].contains("three.example"), "\(list)")
    // One host for both: the addresses tell them apart.
    #expect(rows[3].contains("Blog (same.example/a.xml)"), "\(list)")
    #expect(rows[4].contains("Blog (same.example/b.xml)"), "\(list)")
  }
}
