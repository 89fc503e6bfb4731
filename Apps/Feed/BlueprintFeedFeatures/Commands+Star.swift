internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `feed star ITEM` and `feed unstar ITEM`: the star is kept here, as read marks are (a
/// sync part reads it from the feed's record and sends it with the next refresh).
extension FeedCommands {
  /// Runs `star` or `unstar`.
  static func star(
    _ on: Bool, item text: String, _ context: CommandContext, _ library: FeedLibrary
  ) throws {
    let entry = try entry(text, context, library)
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
