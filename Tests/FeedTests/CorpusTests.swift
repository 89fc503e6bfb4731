import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

/// Real-world feeds from the folder named by `FEED_CORPUS` (not part of the project).
///
/// What each file should give is worked out from its text, independently of the parser:
/// how many `<item>`/`<entry>` elements (or JSON items) it has, which of them carry a
/// date, a link or a title, and whether it is a feed at all (OPML, RSS-in-JSON are not).
@Suite("Feed parser — real-world corpus")
struct CorpusTests {
  static let folder = ProcessInfo.processInfo.environment["FEED_CORPUS"].flatMap {
    $0.isEmpty ? nil : $0
  }

  @Test(
    "Every corpus file parses with its title, items, dates, links and readable text",
    .enabled(
      if: folder != nil, "FEED_CORPUS is not set; set it to a folder of saved feeds to run this"),
    .timeLimit(.minutes(10)))
  func corpus() throws {
    let folder = URL(fileURLWithPath: try #require(Self.folder))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
    try #require(!names.isEmpty, "FEED_CORPUS names an empty folder")
    var checkedItems = 0
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let text = String(decoding: data, as: UTF8.self)
      let expected = try Expectation(text)
      guard expected.isFeed else {
        let error = #expect(throws: FeedParseError.self, "\(name) is not a feed") {
          try FeedParser().parse(data)
        }
        #expect(error?.code == .notAFeed, "\(name)")
        continue
      }
      let feed = try FeedParser().parse(data)
      #expect(feed.title.map { !$0.isEmpty } == true, "\(name): title")
      #expect(feed.items.count == expected.items.count, "\(name): item count")
      for (index, (item, shape)) in zip(feed.items, expected.items).enumerated() {
        let label = "\(name) item \(index)"
        if shape.hasDate { #expect(item.date != nil, "\(label): date") }
        if shape.hasLink { #expect(item.link != nil, "\(label): link") }
        if shape.hasTitle { #expect(item.title.map { !$0.isEmpty } == true, "\(label): title") }
        #expect(!item.id.isEmpty, "\(label): id")
        if let body = item.bodyText {
          for leftover in ["<p>", "</p>", "<br", "<div", "&amp;", "&lt;", "&nbsp;", "&#"] {
            #expect(!body.contains(leftover), "\(label): \(leftover) left in the text")
          }
        }
        checkedItems += 1
      }
      if expected.hasUniqueIDs {
        #expect(Set(feed.items.map(\.id)).count == feed.items.count, "\(name): ids are unique")
      }
    }
    #expect(checkedItems > 100)
  }

  /// What a file should parse to, read from its text with simple patterns.
  struct Expectation {
    struct ItemShape {
      var hasDate: Bool
      var hasLink: Bool
      var hasTitle: Bool
    }

    var isFeed = true
    var items: [ItemShape] = []
    /// Whether the file's own guids or ids are all different (some real feeds repeat one).
    var hasUniqueIDs = true

    init(_ text: String) throws {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.hasPrefix("{") {
        let object = try JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any]
        guard let version = object?["version"] as? String, version.contains("jsonfeed.org") else {
          isFeed = false
          return
        }
        let items = object?["items"] as? [[String: Any]] ?? []
        self.items = items.map { item in
          ItemShape(
            hasDate: item["date_published"] != nil || item["date_modified"] != nil,
            hasLink: item["url"] != nil || item["external_url"] != nil,
            hasTitle: (item["title"] as? String).map { !$0.isEmpty } ?? false)
        }
        return
      }
      if try Regex(#"<opml[\s>]"#).firstMatch(in: text) != nil {
        isFeed = false
        return
      }
      var ids: [Substring] = []
      let starts = text.ranges(of: try Regex(#"<(?:[A-Za-z0-9]+:)?(?:item|entry)[\s>]"#))
      for (index, start) in starts.enumerated() {
        let end = index + 1 < starts.count ? starts[index + 1].lowerBound : text.endIndex
        let chunk = text[start.lowerBound..<end]
        items.append(
          ItemShape(
            hasDate: try Regex(
              #"<(?:[A-Za-z0-9]+:)?(?:pubDate|date|published|updated)>\s*[0-9A-Za-z]"#
            )
            .firstMatch(in: chunk) != nil,
            hasLink: try Regex(#"<link[^>]*(?:href="http|>\s*http)"#).firstMatch(in: chunk) != nil,
            hasTitle: try Regex(#"<title[^>]*>\s*(?:<!\[CDATA\[\s*)?[^<\s\]]"#).firstMatch(
              in: chunk) != nil))
        if let id = try Regex(#"<(?:guid|id)[^>]*>([^<]+)<"#).firstMatch(in: chunk) {
          ids.append(chunk[id.range])
        }
      }
      hasUniqueIDs = Set(ids).count == ids.count
    }
  }
}
