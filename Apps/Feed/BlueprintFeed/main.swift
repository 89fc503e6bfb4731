// The feed reader's entry point: parse the command line, run the command.
internal import BlueprintFeedFeatures
internal import CoreBase
internal import CoreTerminal

await CommandLineApp(spec: FeedCommands.spec).main { command, context in
  try await FeedCommands.run(command, in: context)
}
