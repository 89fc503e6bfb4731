internal import CoreBase
package import CoreTerminal

/// The command line: `list`, `show ID`, and the terminal UI (no arguments, in a terminal).
package enum PostsCommands {
  /// The commands, listed once: help, parsing and dispatch follow from the types.
  package static let all = AppCommands<PostsRun>(
    identity: appIdentity, summary: "Read the posts of a JSON API, online or from the saved copy.",
    commands: [ListPosts.self, ShowPost.self], globalOptions: [server]
  ) { run in
    guard run.context.wantsInteractiveUI else { return try await ListPosts.run(.none, in: run) }
    try await run.context.runTerminalUI(makePostsStack(repository: run.repository))
  }

  static let server = Option<String?>(
    "server", valueName: "url",
    help: "The server (else $\(PostRepository.variable), else \(PostRepository.defaultServer)).")
  static let json = Flag("json", help: "Print JSON: the server's own fields.")
}

/// What every command runs with: the server the command line names, and the process.
package struct PostsRun {
  var repository: PostRepository, context: CommandContext
  package init(_ command: ParsedCommand, _ context: CommandContext) throws {
    repository = PostRepository(
      server: try PostRepository.server(
        option: command[PostsCommands.server], environment: context.environment),
      store: FileKeyValueStore(directory: context.dataFolder))
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
    case .invalidServer(let text):
      AppError("'\(text)' is not an http(s) URL", hint: "e.g. --server http://127.0.0.1:8080")
    }
  }
}
