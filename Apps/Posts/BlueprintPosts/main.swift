import BlueprintPostsFeatures
import CoreTerminal

await CommandLineApp(spec: PostsCommands.all.spec).main { command, context in
  try await PostsCommands.all.run(command) { PostsRun($0, context) }
}
