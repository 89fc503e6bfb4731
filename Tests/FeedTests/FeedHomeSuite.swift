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
}
