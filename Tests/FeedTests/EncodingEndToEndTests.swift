import BlueprintFeedFeatures
import Core
import CoreTesting
import Foundation
import Testing

/// The built `feed` executable reading feeds in legacy encodings, as a user meets them.
@Suite("legacy encodings, end to end", .timeLimit(.minutes(10)))
struct EncodingEndToEndTests {
  let home: FeedHome

  init() throws {
    home = try FeedHome(prefix: "feed-encoding", terminal: nil)
  }

  @discardableResult
  private func run(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation)
    throws -> ProductResult
  {
    try home.run(arguments, sourceLocation: sourceLocation)
  }

  @Test(
    "KOI8-R, ISO-8859-15, Shift_JIS, EBCDIC and UTF-32 feeds keep their titles",
    arguments: [
      ("koi8-r.declared.xml", "\u{41F}\u{440}\u{438}\u{432}\u{435}\u{442}, \u{43C}\u{438}\u{440}"),
      ("order-latin9-is-not-windows-1252.xml", "Prix\u{A0}: 5\u{A0}\u{20AC}, \u{152}uvre"),
      ("shift-jis.declared.xml", "\u{3053}\u{3093}\u{306B}\u{3061}\u{306F}\u{4E16}\u{754C}"),
      ("ebcdic-ibm037.xml", "Hello EBCDIC \u{A2} \u{AC}"),
      ("utf-32.declared.xml", "Caf\u{E9} cr\u{E8}me \u{FC}ber"),
    ])
  func legacyEncodings(file: String, title: String) throws {
    let source = Fixtures.folder.appendingPathComponent("encodings").appendingPathComponent(file)
    let copy = home.appending(file)
    try FileManager.default.copyItem(at: source, to: copy)
    try run("add", copy.path)
    let refresh = try run("refresh")
    #expect(!refresh.error.contains("error"), "\(refresh.error)")
    let list = try run("list").output
    #expect(list.contains(title), "\(list)")
    let read = try run("read").output
    #expect(read.contains(title), "\(read)")
  }

  @Test("an encoding that cannot be read keeps the feed and says so on add and on refresh")
  func unreadableEncodingWarns() throws {
    let file = home.appending("unknown.xml")
    let body = """
      <?xml version="1.0" encoding="x-no-such-charset"?>
      <rss version="2.0"><channel><title>Caf\u{E9} \u{FF}</title>
      <item><title>Kept</title><link>https://example.com/1</link></item></channel></rss>
      """
    var bytes = Data(body.utf8)
    bytes.append(contentsOf: [0xFF, 0xFE])  // not UTF-8: replaced on the lossy read
    try bytes.write(to: file)
    let add = try run("add", file.path)
    #expect(add.error.contains("warning: the character encoding"), "\(add.error)")
    let refresh = try run("refresh")
    #expect(
      refresh.error.contains("\(appIdentity.name): warning: feed 1: the character encoding"),
      "\(refresh.error)")
    #expect(try run("read").output.contains("Kept"))
  }
}
