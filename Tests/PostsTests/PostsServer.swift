import Core
import CoreTesting
import Foundation

@testable import BlueprintPostsFeatures

/// A loopback server of JSONPlaceholder's shape (`/posts`, `/posts/ID`), and a
/// temporary home for the built app that reads it.
final class PostsServer: Sendable {
  static let posts = [
    Post(userId: 1, id: 1, title: "Hello from loopback", body: "First line.\nSecond line."),
    Post(userId: 2, id: 2, title: "A second post", body: "Short."),
  ]
  let server: LoopbackServer
  let home: TemporaryDirectory

  init() throws {
    var routes = ["/posts": try Self.reply(Self.posts)]
    for post in Self.posts { routes["/posts/\(post.id)"] = try Self.reply(post) }
    server = try LoopbackServer(routes: routes)
    home = try TemporaryDirectory(prefix: appIdentity.name)
  }

  static func reply(_ value: some Encodable) throws -> LoopbackServer.Reply {
    .json(String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
  }

  /// The app's store, where the last list is saved.
  var store: FileKeyValueStore {
    FileKeyValueStore(directory: home.appending("data/\(appIdentity.family)/\(appIdentity.name)"))
  }

  /// Runs the built app on this server (through the environment variable) in its home.
  func run(_ arguments: [String], product: String = appIdentity.name) async throws
    -> ProductResult
  {
    let variable = [PostRepository.variable: server.baseURL.absoluteString]
    let environment = home.isolatedEnvironment(variable)
    return try await BuiltProduct(product).runToExit(arguments, environment: environment)
  }
}
