internal import CoreBase
package import CoreTerminal
package import Foundation

/// The command line: `list`, `show ID`, and the terminal UI (no arguments, in a terminal).
package enum PostsCommands {
  /// The commands, listed once: help, parsing and dispatch follow from the types.
  package static let all = AppCommands(
    identity: appIdentity, summary: "Read the posts of a JSON API, online or from the saved copy.",
    commands: [ListPosts.self, ShowPost.self], globalOptions: PostsServer.self
  ) { (app: PostsRun) in
    guard app.context.wantsInteractiveUI else { return try await ListPosts().run(in: app) }
    try await app.context.runTerminalUI(makePostsStack(repository: app.repository))
  }
}

/// `--server URL` (or `$POSTS_SERVER`; else the default), which every command takes.
package struct PostsServer: CommandOptions {
  @Option(
    "server", valueName: "url", environment: PostRepository.variable,
    help: "The server (default: \(PostRepository.defaultServer)).", expected: "an http(s) URL",
    parse: PostRepository.serverURL)
  var url: URL?
  package var server: URL { url ?? PostRepository.defaultServer }
  package init() {}
}

/// `--json`, which `list` and `show` share.
struct PostsOutput: CommandOptions {
  @Flag("json", help: "Print JSON: the server's own fields.") var json: Bool
}

/// What every command runs with: the server the command line names, and the process.
package struct PostsRun {
  var repository: PostRepository, context: CommandContext
  package init(_ options: PostsServer, _ context: CommandContext) {
    let store = FileKeyValueStore(directory: context.dataFolder)
    repository = PostRepository(server: options.server, store: store)
    repository.onDamage = { context.warn("the saved copy was damaged; it is set aside as \($0)") }
    self.context = context
  }
}

/// The app's errors in the command line's words: exit 64, and what to try instead.
extension PostsError: AppErrorConvertible {
  package var appError: AppError {
    switch self {
    case .noSuchPost(let id):
      AppError("there is no post \(id)", hint: "run '\(appIdentity.name) list' for the numbers")
    }
  }
}
