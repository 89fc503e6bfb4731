internal import CoreBase
package import CoreTerminal
internal import Foundation

/// The command line: `list`, `show ID`, and the terminal UI (no arguments, in a terminal).
package enum PostsCommands {
  enum Key {
    static let server = Option<String?>(
      "server", valueName: "url",
      help: "The server (else $\(PostRepository.variable), else \(PostRepository.defaultServer)).")
    static let json = Flag("json", help: "Print JSON: the server's own fields.")
    static let id = Argument<Int>("id", help: "The post's number.")
  }

  package static let spec = CommandLineSpec(
    identity: appIdentity, summary: "Read the posts of a JSON API, online or from the saved copy.",
    commands: [
      CommandSpec("list", summary: "List the posts.", options: [Key.json]),
      CommandSpec("show", summary: "Show one post.", options: [Key.json], arguments: [Key.id]),
    ],
    globalOptions: [Key.server])

  @MainActor
  package static func run(_ command: ParsedCommand, in context: CommandContext) async throws {
    let repository = PostRepository(
      server: try PostRepository.server(
        option: command[Key.server], environment: context.environment),
      store: FileKeyValueStore(directory: context.dataFolder))
    switch command.name {
    case "show":
      let post = try await repository.post(try command[Key.id])
      if command[Key.json] { return context.write(try CommandLineJSON.encode(post)) }
      let text = post.body.split(separator: "\n", omittingEmptySubsequences: false)
      context.write(post.title.terminalSafe + "\n\n" + text.map { $0.terminalSafe + "\n" }.joined())
    default:
      if command.name == nil, context.wantsInteractiveUI {
        return try await TerminalRuntime(
          terminal: SystemTerminal(), root: makePostsStack(repository: repository),
          capability: context.colorCapability, appearance: context.appearance, theme: context.theme
        ).run()
      }
      let list = try await repository.posts()
      if let savedAt = list.savedAt, let failure = list.failure {
        context.warn(
          "\(failure)", hint: "showing the saved copy from \(savedAt.formatted(.iso8601))")
      }
      if command[Key.json] { return context.write(try CommandLineJSON.encode(list.posts)) }
      context.write(list.posts.map { "\($0.id)  \($0.title.terminalSafe)\n" }.joined())
    }
  }
}

extension PostsError: AppErrorConvertible {
  /// The error in the command line's words: exit 64, and what to try instead.
  package var appError: AppError {
    switch self {
    case .noSuchPost(let id):
      AppError("there is no post \(id)", hint: "run '\(appIdentity.name) list' for the numbers")
    case .invalidServer(let text):
      AppError("'\(text)' is not an http(s) URL", hint: "e.g. --server http://127.0.0.1:8080")
    }
  }
}
