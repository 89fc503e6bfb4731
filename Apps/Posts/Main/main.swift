import BlueprintPostsFeatures
import CoreTerminal

await CommandLineApp(spec: PostsCommands.spec).main { command, context in
  try await PostsCommands.run(command, in: context)
}
