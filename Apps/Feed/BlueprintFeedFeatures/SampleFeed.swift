internal import BlueprintFeedFormats
internal import BlueprintFeedModel
internal import CoreBase
internal import Foundation

/// The feed shown on the first run, before any subscription: read through the same
/// parser as a real one, so a new user sees the reader work offline.
enum SampleFeed {
  /// The id the sample's items use: `sample.1`, `sample.2` ….
  static let id = "sample"

  /// The sample as a stored feed (its items parsed from ``rss``, none read).
  static func stored(now: Date = Date()) -> StoredFeed {
    var record = FeedRecord()
    if let parsed = try? FeedParser().parse(Data(rss.utf8)) {
      record.title = parsed.title
      record.siteLink = parsed.siteLink
      record.merge(parsed.items, now: now, limit: FeedStore.defaultItemLimit)
    }
    let url = URL(string: "https://blueprint.invalid/sample.xml") ?? URL(fileURLWithPath: "/")
    return StoredFeed(subscription: Subscription(id: id, url: url), record: record)
  }

  /// The same, short enough for the feeds screen.
  static let screenHint = "Built-in sample. Add a feed: \(appIdentity.name) add URL"

  /// What to do next, shown with the sample.
  static let hint = "This is a built-in sample. " + addHint

  /// How to subscribe.
  static let addHint = "Subscribe to a feed with: \(appIdentity.name) add URL (it is read at once)."

  static let rss = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0">
      <channel>
        <title>Welcome</title>
        <link>https://github.com/</link>
        <description>A built-in sample feed.</description>
        <item>
          <guid>blueprint-sample-3</guid>
          <title>Subscribe to your first feed</title>
          <pubDate>Sun, 29 Nov 2026 09:00:00 GMT</pubDate>
          <description>&lt;p&gt;Add a feed by its URL or a local file:&lt;/p&gt;
    &lt;pre&gt;\(appIdentity.name) add example.com/feed.xml
    \(appIdentity.name) add ~/Downloads/podcast.rss --title "Podcast"
    \(appIdentity.name) refresh&lt;/pre&gt;
    &lt;p&gt;A web page that names its feed works too: \(appIdentity.name) add example.com/blog&lt;/p&gt;
    &lt;p&gt;Or bring your subscriptions from another reader with &lt;code&gt;feed import subscriptions.opml&lt;/code&gt;.&lt;/p&gt;</description>
        </item>
        <item>
          <guid>blueprint-sample-2</guid>
          <title>Keys in the reader</title>
          <pubDate>Sun, 29 Nov 2026 08:00:00 GMT</pubDate>
          <description>&lt;ul&gt;&lt;li&gt;Enter opens, Esc goes back&lt;/li&gt;&lt;li&gt;r refreshes every feed&lt;/li&gt;&lt;li&gt;m marks read or unread, M every \(appIdentity.name) read&lt;/li&gt;&lt;li&gt;n and N go to the next and previous unread article&lt;/li&gt;&lt;li&gt;o shows the link&lt;/li&gt;&lt;li&gt;Space pages down, ? lists every key&lt;/li&gt;&lt;/ul&gt;</description>
        </item>
        <item>
          <guid>blueprint-sample-1</guid>
          <title>Reading from the command line</title>
          <pubDate>Sun, 29 Nov 2026 07:00:00 GMT</pubDate>
          <description>&lt;p&gt;&lt;code&gt;\(appIdentity.name) read --unread&lt;/code&gt; lists what is new, &lt;code&gt;\(appIdentity.name) show ITEM&lt;/code&gt; prints one article, and every listing takes &lt;code&gt;--json&lt;/code&gt;.&lt;/p&gt;</description>
        </item>
      </channel>
    </rss>
    """
}
