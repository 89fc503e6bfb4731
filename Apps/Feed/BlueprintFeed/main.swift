// The feed reader's entry point: parse the command line, run the command.
internal import BlueprintFeedFeatures
internal import CoreBase
internal import CoreTerminal

await CommandLineApp(spec: FeedCommands.all.spec).main { command, context in
  do {
    try await FeedCommands.all.run(command) { FeedRun(context) }
  } catch let error as PersistenceError {
    throw error.explainedForFeed(appName: context.appName)
  }
}
