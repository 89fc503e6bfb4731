internal import CoreTerminal
internal import Foundation

/// `posts list [--json]`: the posts, or the saved copy when the server cannot be reached.
struct ListPosts: Command {
  static let configuration = CommandConfiguration("list", summary: "List the posts.")
  @OptionGroup var output: PostsOutput

  func run(in app: PostsRun) async throws {
    let fetched = try await app.repository.posts()
    if let savedAt = fetched.savedAt, let failure = fetched.failure {
      app.context.warn(
        "\(failure)", hint: "showing the saved copy from \(savedAt.formatted(.iso8601))")
    }
    if output.json { return app.context.write(try CommandLineJSON.encode(fetched.posts)) }
    app.context.write(fetched.posts.map { "\($0.id)  \($0.title.terminalSafe)\n" }.joined())
  }
}
