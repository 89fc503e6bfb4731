internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed config [OPTION [VALUE]]`: the reader's options.
enum ConfigureReader: FeedCommand {
  static let option = Argument<String?>("option", help: "The option's name.")
    .completing(.list(FeedOptions.names))
  static let value = Argument<String?>("value", help: "Its new value.")
    .completing(.list(["on", "off"]))
  static let configuration = CommandConfiguration(
    "config", summary: "Show or change the reader's options.",
    discussion:
      "Options: refresh-on-open (on|off, default off): refresh every feed when the interactive reader opens.",
    arguments: [option, value])

  @MainActor
  static func run(_ config: Invocation<Self>, in run: FeedRun) async throws {
    try FeedCommands.config(try config[\.option], try config[\.value], run.context, run.library)
  }
}
