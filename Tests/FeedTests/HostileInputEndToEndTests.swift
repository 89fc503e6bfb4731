import BlueprintFeedFeatures
import Core
import CoreTesting
import Foundation
import Testing

/// Feed text that must reach a terminal tamed, through the built `feed` executable.
@Suite("feed tames hostile text, end to end", .timeLimit(.minutes(10)))
struct HostileInputEndToEndTests {
  let home: FeedHome

  init() throws {
    home = try FeedHome(prefix: "feed-hostile", terminal: nil)
  }

  @Test("Right-to-left marks and other bidi marks never reach the output; HTML titles read plainly")
  func bidiMarks() throws {
    let body = """
      <rss version="2.0"><channel><title>Marks\u{200F} feed</title>
      <item><title>gnp.\u{200F}exe\u{200E} \u{61C}file</title><guid>urn:1</guid></item>
      <item><title>&lt;b&gt;Bold&lt;/b&gt; &lt;a href="https://x.example/"&gt;news&lt;/a&gt;</title>
        <guid>urn:2</guid></item>
      </channel></rss>
      """
    let path = home.appending("marks.xml")
    try Data(body.utf8).write(to: path)
    let environment = home.environment
    #expect(try home.product.run(["add", path.path], environment: environment).status == 0)
    #expect(try home.product.run(["refresh"], environment: environment).status == 0)
    for command in [["list"], ["read"], ["show", "1.1"]] {
      let result = try home.product.run(command, environment: environment)
      #expect(result.status == 0, "\(command): \(result.error)")
      for mark in ["\u{200F}", "\u{200E}", "\u{61C}"] {
        #expect(!result.output.contains(mark), "\(command)")
      }
    }
    let read = try home.product.run(["read"], environment: environment).output
    #expect(read.contains("gnp.exe file"), "\(read)")
    #expect(read.contains("Bold news"), "\(read)")
    #expect(!read.contains("[1]"), "\(read)")
  }
}
