internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed move FEED [FOLDER]`: files a feed in a folder, or in none.
enum MoveFeed: FeedCommand {
  static let feed = FeedCommands.feed
  static let folder = Argument<String?>("folder", help: "The folder (left out: none).")
  static let configuration = CommandConfiguration(
    "move", summary: "File a feed in a folder (no folder: in none).",
    discussion:
      "A folder is a name, one level deep as feed servers keep them, that lasts while a feed is filed in it; 'list' shows each feed's folder. With a sync server the move is sent to it.",
    arguments: [feed, folder])

  static func validate(_ move: Invocation<Self>) throws(CommandLineError) {
    _ = try FeedCommands.folderName(move[\.folder], for: "'folder'")
  }

  @MainActor
  static func run(_ move: Invocation<Self>, in run: FeedRun) async throws {
    let feed = try run.library.feed(try move[\.feed])
    guard feed.id != SampleFeed.id else { throw AppError("the sample feed cannot be moved") }
    let folder = try FeedCommands.folderName(try move[\.folder], for: "'folder'")
    try run.library.store.move(feed.id, to: folder)
    let place = folder.map { "in the folder \($0.terminalSafe)" } ?? "in no folder"
    run.context.write("Feed \(feed.id) (\(feed.displayTitle.terminalSafe)) is now \(place)\n")
    await FeedCommands.subscriptionsChanged(run.context, run.library)
  }
}
