import Foundation
import Testing

@testable import BlueprintFeedFormats
@testable import BlueprintFeedModel

/// The encoding corpus in `Fixtures/encodings`: small feeds in about sixty encodings,
/// written by `generate.py` with Python's own codecs, listed in `manifest.tsv`.
@Suite("Feed parser — character encodings")
struct EncodingCorpusTests {
  /// One feed of the corpus.
  struct Case: Sendable, CustomTestStringConvertible {
    var file: String
    var contentType: String?
    var title: String
    var expectsWarning: Bool

    var testDescription: String { file }
  }

  static let folder = Fixtures.folder.appendingPathComponent("encodings")

  static let cases: [Case] = {
    let manifest =
      (try? String(contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8))
      ?? ""
    return manifest.split(separator: "\n").compactMap { line in
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard columns.count == 4 else { return nil }
      return Case(
        file: columns[0], contentType: columns[1] == "-" ? nil : columns[1], title: columns[2],
        expectsWarning: columns[3] == "yes")
    }
  }()

  @Test("The corpus is there")
  func corpusIsThere() {
    #expect(Self.cases.count >= 130)
  }

  @Test("Every feed keeps its title, whatever its encoding", arguments: cases)
  func keepsTitle(_ feedCase: Case) throws {
    let data = try Data(contentsOf: Self.folder.appendingPathComponent(feedCase.file))
    let feed = try FeedParser().parse(data, contentType: feedCase.contentType)
    #expect(feed.title == feedCase.title)
    #expect(feed.items.map(\.title) == [feedCase.title])
    #expect(feed.items.first?.id == "urn:1")
    #expect(feed.siteLink == url("https://example.com/"))
    #expect(feed.warnings.isEmpty == !feedCase.expectsWarning, "\(feed.warnings)")
  }

  @Test(
    "Labels resolve to the right reader",
    arguments: [
      ("UTF_8", TextEncoding.utf8), ("utf-16le", .utf16(bigEndian: false)),
      ("UTF-16BE", .utf16(bigEndian: true)), ("utf-32le", .utf32(bigEndian: false)),
      ("latin1", .windows1252), ("US-ASCII", .windows1252), ("ISO_8859-1", .windows1252),
      ("iso-8859-15", .platform("iso-8859-15")), ("GB2312", .platform("GB18030")),
      ("Shift_JIS", .platform("CP932")), ("EUC-KR", .platform("CP949")),
      ("\"koi8-r\"", .platform("koi8-r")), ("x-cp1251", .platform("cp1251")),
    ])
  func labels(label: String, expected: TextEncoding) {
    #expect(TextEncoding.resolve(label, bytes: [], shape: nil) == expected)
  }

  @Test("A label nobody knows resolves to nothing")
  func unknownLabel() {
    #expect(TextEncoding.resolve("x-no-such-encoding", bytes: [], shape: nil) == nil)
    #expect(TextEncoding.resolve("", bytes: [], shape: nil) == nil)
  }
}
