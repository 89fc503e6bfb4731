internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed show ITEM`: one item as text, marked read.
struct ShowItem: FeedCommand {
  static let configuration = CommandConfiguration(
    "show", summary: "Print one item as text and mark it read.")
  @OptionGroup var output: JSONOutput
  @OptionGroup var item: NamedItem

  func run(in app: FeedRun) async throws {
    let entry = try item.entry(in: app)
    if output.json {
      app.context.write(try FeedJSON.encode(FeedJSON.Article(entry)))
    } else {
      app.context.write(ArticleText.plain(entry))
    }
    try app.library.setRead(true, item: entry.item.id, feed: entry.feed.id)
  }
}
