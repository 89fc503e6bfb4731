import BlueprintPostsFeatures
import CoreTerminal

await PostsCommands.all.main { PostsRun($0, $1) }
