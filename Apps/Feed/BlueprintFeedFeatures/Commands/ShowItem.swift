internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed show ITEM`: one item as text, marked read.
enum ShowItem: FeedCommand {
  static let json = FeedCommands.json
  static let item = Argument<String>(
    "item", help: "The item's id as '\(appIdentity.name) read' shows it, e.g. 3.17."
  ).completing(FeedCommands.itemIDs)
  static let configuration = CommandConfiguration(
    "show", summary: "Print one item as text and mark it read.", options: [json],
    arguments: [item])

  @MainActor
  static func run(_ show: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.show(try show[\.item], json: show[\.json], run.context, run.library)
  }
}
