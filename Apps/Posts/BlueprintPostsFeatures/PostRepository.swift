package import CoreBase
package import Foundation

#if !canImport(FoundationNetworking)
  internal import CoreURLSession
#endif

/// Where the posts come from: the server, else the last list saved in the app's store.
package struct PostRepository: Sendable {
  // swift-format-ignore: NeverForceUnwrap
  /// JSONPlaceholder, whose `/posts` is the shape this app reads (a literal: it parses).
  package static let defaultServer = URL(string: "https://jsonplaceholder.typicode.com")!
  /// The environment variable that names another server: `POSTS_SERVER` for `posts`.
  package static let variable = appIdentity.name.uppercased().replacing("-", with: "_") + "_SERVER"
  let client: any HTTPClient, server: URL, store: any KeyValueStore
  package var onDamage: @Sendable (String) -> Void = { _ in }  // told where a damaged copy went

  package init(client: any HTTPClient = makeClient(), server: URL, store: any KeyValueStore) {
    (self.client, self.server, self.store) = (client, server, store)
  }

  /// Tries three times, a little later each (on `clock`), for failures that may heal. libcurl
  /// on Linux (so FoundationNetworking is not linked), URLSession on Apple platforms.
  package static func makeClient(clock: any Clock<Duration> = ContinuousClock()) -> any HTTPClient {
    let agent = "\(appIdentity.name)/\(appIdentity.version)"
    let retry = RetryPolicy.exponential(base: .milliseconds(250), cap: .seconds(2), maxAttempts: 3)
    #if canImport(FoundationNetworking)
      return CurlHTTPClient(userAgent: agent, retryPolicy: retry, clock: clock)
        ?? UnavailableHTTPClient(reason: "libcurl (libcurl.so.4) could not be loaded")
    #else
      return URLSessionHTTPClient(userAgent: agent, retryPolicy: retry, clock: clock)
    #endif
  }

  /// The URL `text` names, if it is an http(s) URL with a host.
  package static func serverURL(_ text: String) -> URL? {
    URL(string: text).flatMap { url in
      ["http", "https"].contains(url.scheme) && url.host != nil ? url : nil
    }
  }

  /// The posts from the server (then saved), else the saved copy, its date and why.
  package func posts() async throws -> (posts: [Post], savedAt: Date?, failure: APIError?) {
    do {
      let posts: [Post] = try await client.fetch(Endpoint(baseURL: server).path("posts"))
      try store.set(SavedPosts(posts: posts, savedAt: Date()), forKey: "posts")
      return (posts, nil, nil)
    } catch let error as APIError {
      guard let saved = savedCopy else { throw error }
      return (saved.posts, saved.savedAt, error)
    }
  }

  /// One post from the server, else from the saved copy.
  package func post(_ id: Int) async throws -> Post {
    do {
      return try await client.fetch(Endpoint(baseURL: server).path("posts").path(String(id)))
    } catch let error as APIError {
      if error.statusCode == 404 { throw PostsError.noSuchPost(id) }
      guard let post = savedCopy?.posts.first(where: { $0.id == id }) else { throw error }
      return post
    }
  }

  /// The saved copy, if one reads: a damaged one is set aside (it is only a cache).
  private var savedCopy: SavedPosts? { store.cachedValue(forKey: "posts", onDamage: onDamage) }
}
