internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed move FEED [FOLDER]`: files a feed in a folder, or in none.
struct MoveFeed: FeedCommand {
  static let configuration = CommandConfiguration(
    "move", summary: "File a feed in a folder (no folder: in none).",
    discussion:
      "A folder is a name, one level deep as feed servers keep them, that lasts while a feed is filed in it; 'list' shows each feed's folder. With a sync server the move is sent to it."
  )
  @OptionGroup var named: NamedFeed
  @Argument("folder", help: "The folder (left out: none).") var folder: String?

  func validate() throws(CommandLineError) {
    _ = try FeedFolder.commandLineName(folder, for: "'folder'")
  }

  func run(in app: FeedRun) async throws {
    let feed = try app.library.feed(named.reference)
    guard feed.id != SampleFeed.id else { throw AppError("the sample feed cannot be moved") }
    let folder = try FeedFolder.commandLineName(folder, for: "'folder'")
    try app.library.store.move(feed.id, to: folder)
    let place = folder.map { "in the folder \($0.terminalSafe)" } ?? "in no folder"
    app.context.write("Feed \(feed.id) (\(feed.displayTitle.terminalSafe)) is now \(place)\n")
    await FeedPart.subscriptionsChanged(app.context, app.library)
  }
}
