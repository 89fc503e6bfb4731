import Testing

/// A suite whose tests run the built `feed` in a fresh `FeedHome` each: the helpers its
/// tests share.
protocol FeedHomeSuite {
  /// The temporary home of the test's runs.
  var home: FeedHome { get }
}

extension FeedHomeSuite {
  /// Subscribes to a local file holding `text` and refreshes it.
  func addFeed(_ text: String = FeedSamples.rss(title: "News", count: 3)) throws {
    try home.run("add", try home.write(text, to: "news.xml"))
    try home.run("refresh")
  }

  /// An OPML file in the home listing `outlines` (title, feed URL); its path.
  func opml(_ outlines: [(String, String)], named name: String = "subs.opml") throws -> String {
    let body = outlines.map { #"<outline text="\#($0.0)" xmlUrl="\#($0.1)"/>"# }
    return try home.write(
      "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body>\n"
        + body.joined(separator: "\n") + "\n</body></opml>\n", to: name)
  }
}
