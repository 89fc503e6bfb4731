internal import CoreTerminal
internal import Foundation

/// `posts list [--json]`: the posts, or the saved copy when the server cannot be reached.
enum ListPosts: Command {
  static let json = PostsCommands.json
  static let configuration = CommandConfiguration(
    "list", summary: "List the posts.", options: [json])

  static func run(_ list: Invocation<Self>, in run: PostsRun) async throws {
    let fetched = try await run.repository.posts()
    if let savedAt = fetched.savedAt, let failure = fetched.failure {
      run.context.warn(
        "\(failure)", hint: "showing the saved copy from \(savedAt.formatted(.iso8601))")
    }
    if list[\.json] { return run.context.write(try CommandLineJSON.encode(fetched.posts)) }
    run.context.write(fetched.posts.map { "\($0.id)  \($0.title.terminalSafe)\n" }.joined())
  }
}
