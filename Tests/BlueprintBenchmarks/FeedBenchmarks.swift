import BlueprintFeedFormats
import BlueprintFeedModel
import Foundation

/// Rows for the feed parser: 10,000-item feeds (about 7 MB) against bare parser passes.
enum FeedBenchmarks {
  static let suite = BenchmarkSuite(name: "feed") {
    let count = 10_000
    let rss = Data(makeRSS(count).utf8)
    let atom = Data(makeAtom(count).utf8)
    let json = Data(makeJSON(count).utf8)
    let dates = (0..<1_000).map {
      "Tue, \(1 + $0 % 28) Jan 2024 10:\($0 % 60 < 10 ? "0" : "")\($0 % 60):00 +0100"
    }
    // The same feed with Cyrillic titles, in UTF-8 and in windows-1251 (read through iconv).
    let cyrillic = makeRSS(count).replacingOccurrences(of: "Item number", with: "Запись номер")
    let cyrillicUTF8 = Data(cyrillic.utf8)
    let windows1251 =
      cyrillic.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"windows-1251\"")
      .data(using: .windowsCP1251) ?? Data()
    let parser = FeedParser()
    return [
      BenchmarkRow(
        "feed/rss-10k (\(rss.count / 1_000) kB)", iterations: 1, goal: 1.5,
        ours: { _ = try parser.parse(rss) },
        baselineName: "XMLParser, empty delegate", baseline: { XMLParserBaseline.pass(rss) }),
      BenchmarkRow(
        "feed/atom-10k (\(atom.count / 1_000) kB)", iterations: 1, goal: 1.5,
        ours: { _ = try parser.parse(atom) },
        baselineName: "XMLParser, empty delegate", baseline: { XMLParserBaseline.pass(atom) }),
      BenchmarkRow(
        "feed/json-10k (\(json.count / 1_000) kB)", iterations: 1, goal: 1.3,
        ours: { _ = try parser.parse(json) },
        baselineName: "JSONDecoder, minimal Codable of the same fields",
        baseline: { _ = try JSONDecoder().decode(MinimalJSONFeed.self, from: json) }),
      BenchmarkRow(
        "feed/rss-10k windows-1251 (\(windows1251.count / 1_000) kB)", iterations: 1,
        ours: { _ = try parser.parse(windows1251) },
        baselineName: "XMLParser, empty delegate, on the UTF-8 text",
        baseline: { XMLParserBaseline.pass(cyrillicUTF8) }),
      BenchmarkRow(
        "feed/rss-10k + plain text of every item", iterations: 1,
        ours: {
          let feed = try parser.parse(rss)
          for item in feed.items { _ = item.bodyText }
        }),
      BenchmarkRow(
        "feed/rfc822-dates x1000", iterations: 10,
        ours: { for date in dates { _ = FeedDate.parse(date) } },
        baselineName: "DateFormatter",
        baseline: {
          let formatter = DateFormatter()
          formatter.locale = Locale(identifier: "en_US_POSIX")
          formatter.dateFormat = "EEE, d MMM yyyy HH:mm:ss Z"
          for date in dates { _ = formatter.date(from: date) }
        }),
    ]
  }

  // MARK: - Baselines

  private struct MinimalJSONFeed: Decodable {
    struct Item: Decodable {
      var id: String
      var url: String?
      var title: String?
      var contentHTML: String?
      var datePublished: String?
      var authors: [Author]?

      enum CodingKeys: String, CodingKey {
        case id, url, title, authors
        case contentHTML = "content_html"
        case datePublished = "date_published"
      }
    }
    struct Author: Decodable {
      var name: String?
    }
    var version: String
    var title: String
    var items: [Item]
  }

  // MARK: - Generated feeds

  private static func body(_ index: Int) -> String {
    "<p>Paragraph \(index) of the post, with <a href=\"https://example.com/ref/\(index)\">a link</a>, "
      + "<em>emphasis</em> &amp; an entity. Lorem ipsum dolor sit amet, consectetur adipiscing "
      + "elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>"
      + "<ul><li>first point</li><li>second point</li></ul><p>Ut enim ad minim veniam, quis "
      + "nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.</p>"
  }

  private static func escaped(_ html: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(html.utf8.count * 2)
    for byte in html.utf8 {
      switch byte {
      case UInt8(ascii: "&"): bytes += "&amp;".utf8
      case UInt8(ascii: "<"): bytes += "&lt;".utf8
      case UInt8(ascii: ">"): bytes += "&gt;".utf8
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func makeRSS(_ count: Int) -> String {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel><title>Benchmark feed</title><link>https://example.com/</link>
      <description>Generated</description>

      """
    for index in 0..<count {
      text += """
        <item><title>Item number \(index) &amp; more</title>\
        <link>https://example.com/posts/\(index)</link>\
        <guid isPermaLink="false">urn:bench:\(index)</guid>\
        <pubDate>Tue, \(1 + index % 28) Jan 2024 10:30:00 +0000</pubDate>\
        <dc:creator>Writer \(index % 7)</dc:creator>\
        <description>\(escaped(body(index)))</description></item>

        """
    }
    return text + "</channel></rss>\n"
  }

  private static func makeAtom(_ count: Int) -> String {
    var text = """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Benchmark feed</title>
      <link href="https://example.com/"/><id>urn:bench</id><updated>2024-01-01T00:00:00Z</updated>

      """
    for index in 0..<count {
      text += """
        <entry><title>Item number \(index) &amp; more</title>\
        <link rel="alternate" href="https://example.com/posts/\(index)"/>\
        <id>urn:bench:\(index)</id>\
        <updated>2024-01-\(10 + index % 18)T10:30:00Z</updated>\
        <author><name>Writer \(index % 7)</name></author>\
        <content type="html">\(escaped(body(index)))</content></entry>

        """
    }
    return text + "</feed>\n"
  }

  private static func makeJSON(_ count: Int) -> String {
    struct Feed: Encodable {
      var version = "https://jsonfeed.org/version/1.1"
      var title = "Benchmark feed"
      var homePageURL = "https://example.com/"
      var items: [Item]
    }
    struct Item: Encodable {
      var id: String
      var url: String
      var title: String
      var contentHTML: String
      var datePublished: String
      var authors: [[String: String]]
    }
    let items = (0..<count).map { index in
      Item(
        id: "urn:bench:\(index)", url: "https://example.com/posts/\(index)",
        title: "Item number \(index) & more", contentHTML: body(index),
        datePublished: "2024-01-\(10 + index % 18)T10:30:00Z",
        authors: [["name": "Writer \(index % 7)"]])
    }
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase  // homePageURL → home_page_url
    let data = (try? encoder.encode(Feed(items: items))) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
