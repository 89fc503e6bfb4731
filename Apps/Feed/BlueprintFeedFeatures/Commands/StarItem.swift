internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed star ITEM`: the star is kept in the feed's record, shown by `read` and `--json`
/// (with sync set up, the next refresh sends it to the server).
struct StarItem: FeedCommand {
  static let configuration = CommandConfiguration(
    "star", summary: "Star an item (kept with a sync server).")
  @OptionGroup var item: NamedItem

  func run(in app: FeedRun) async throws { try item.setStar(true, app) }
}

/// `feed unstar ITEM`.
struct UnstarItem: FeedCommand {
  static let configuration = CommandConfiguration(
    "unstar", summary: "Remove an item's star.")
  @OptionGroup var item: NamedItem

  func run(in app: FeedRun) async throws { try item.setStar(false, app) }
}

extension NamedItem {
  /// Stars the item, or takes its star away: kept here, as read marks are (a sync part
  /// reads it from the feed's record and sends it with the next refresh).
  @MainActor
  fileprivate func setStar(_ on: Bool, _ app: FeedRun) throws {
    let entry = try entry(in: app)
    guard entry.feed.id != SampleFeed.id else {
      throw AppError("the sample feed's items cannot be starred")
    }
    try app.library.store.updateRecord(entry.feed.id) { record in
      if on { record.starred.insert(entry.item.id) } else { record.starred.remove(entry.item.id) }
    }
    app.context.write(
      "\(on ? "Starred" : "Unstarred") \(entry.reference): "
        + "\((entry.item.title ?? "(untitled)").terminalSafe)\n")
  }
}
