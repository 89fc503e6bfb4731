internal import CoreTerminal

/// `posts show ID [--json]`: one post, from the server or the saved copy.
enum ShowPost: Command {
  static let json = PostsCommands.json
  static let id = Argument<Int>("id", help: "The post's number.")
  static let configuration = CommandConfiguration(
    "show", summary: "Show one post.", options: [json], arguments: [id])

  static func run(_ show: Invocation<Self>, in run: PostsRun) async throws {
    let post = try await run.repository.post(try show[\.id])
    if show[\.json] { return run.context.write(try CommandLineJSON.encode(post)) }
    let text = post.body.split(separator: "\n", omittingEmptySubsequences: false)
    run.context.write(
      post.title.terminalSafe + "\n\n" + text.map { $0.terminalSafe + "\n" }.joined())
  }
}
