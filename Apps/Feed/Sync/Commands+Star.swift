internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `feed star ITEM` and `feed unstar ITEM`: stars travel to the sync server with the
/// next refresh, as read marks do.
extension FeedCommands {
  /// Runs `star` or `unstar`.
  static func star(
    _ on: Bool, item text: String, _ context: CommandContext, _ library: FeedLibrary
  ) throws {
    guard let reference = ItemReference(text) else {
      throw AppError(
        "invalid item '\(text.terminalSafe)': expected FEED.NUMBER, e.g. 3.17",
        hint: "'\(context.appName) read' shows the items and their ids")
    }
    // As `show` says it: the feed first (no feed '9'), then the item in it.
    let feed = try library.feed(reference.feed)
    guard let item = feed.record.items.first(where: { $0.number == reference.number }) else {
      throw AppError(
        "no item \(reference) in feed \(feed.id)",
        hint: "'\(context.appName) read \(feed.id)' lists its items")
    }
    let entry = FeedEntry(feed: feed, item: item)
    guard entry.feed.id != SampleFeed.id else {
      throw AppError("the sample feed's items cannot be starred")
    }
    try library.store.updateRecord(entry.feed.id) { record in
      if on { record.starred.insert(entry.item.id) } else { record.starred.remove(entry.item.id) }
    }
    context.write(
      "\(on ? "Starred" : "Unstarred") \(entry.reference): "
        + "\((entry.item.title ?? "(untitled)").terminalSafe)\n")
  }
}
