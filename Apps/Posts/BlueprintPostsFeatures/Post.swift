package import Foundation

/// One post, as the server's `/posts` and `/posts/ID` give it.
package struct Post: Codable, Hashable, Identifiable, Sendable {
  package var userId: Int, id: Int
  package var title: String, body: String
}

/// The last list fetched, kept so that the app opens offline.
package struct SavedPosts: Codable, Sendable {
  package var posts: [Post], savedAt: Date
}

/// What went wrong, in the app's terms; each shell words it.
package enum PostsError: Error, Equatable { case noSuchPost(Int) }
