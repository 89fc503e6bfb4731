internal import CoreTerminal

/// `posts show ID [--json]`: one post, from the server or the saved copy.
struct ShowPost: Command {
  static let configuration = CommandConfiguration("show", summary: "Show one post.")
  @OptionGroup var output: PostsOutput
  @Argument("id", help: "The post's number.") var id: Int

  func run(in app: PostsRun) async throws {
    let post = try await app.repository.post(id)
    if output.json { return app.context.write(try CommandLineJSON.encode(post)) }
    let text = post.body.split(separator: "\n", omittingEmptySubsequences: false)
    app.context.write(
      post.title.terminalSafe + "\n\n" + text.map { $0.terminalSafe + "\n" }.joined())
  }
}
