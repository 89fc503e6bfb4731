internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed import FILE`: subscribes to the feeds of an OPML file.
enum ImportOPML: FeedCommand {
  static let file = Argument<String>("file", help: "An OPML file.").completing(.file)
  static let configuration = CommandConfiguration(
    "import", summary: "Subscribe to the feeds of an OPML file.", arguments: [file])

  @MainActor
  static func run(_ opmlImport: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.importOPML(try opmlImport[\.file], run.context, run.library)
    await FeedCommands.subscriptionsChanged(run.context, run.library)
  }
}

/// `feed export`: the subscriptions as OPML 2.0.
enum ExportOPML: FeedCommand {
  static let configuration = CommandConfiguration(
    "export", summary: "Print the subscriptions as OPML 2.0.")

  @MainActor
  static func run(_ export: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.exportOPML(run.context, run.library)
  }
}
