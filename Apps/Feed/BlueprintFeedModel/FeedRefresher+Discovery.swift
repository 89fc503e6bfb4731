package import BlueprintFeedFormats
internal import CoreBase
package import Foundation

/// What ``FeedRefresher/discover(_:)`` found at an address.
package struct FeedDiscovery: Sendable {
  /// The feed to subscribe to: the address itself, where it moved permanently, or
  /// the first feed the web page at the address names.
  package var feedURL: URL
  /// What the fetch of ``feedURL`` gave, to save with
  /// ``FeedRefresher/save(_:of:record:fetchedAt:)`` instead of fetching again.
  package var response: FeedFetcher.Response
  /// When that fetch started.
  package var fetchedAt: Date
  /// The web page that named the feed, when the address was a page.
  package var page: URL?
  /// The other feeds the page names, in its order.
  package var otherFeeds: [FeedLink] = []
}

/// Why ``FeedRefresher/discover(_:)`` found no feed.
package enum FeedDiscoveryError: Error, Sendable, CustomStringConvertible {
  /// The fetch of `url` failed (the network, the server, a deadline).
  case fetchFailed(url: URL, error: any Error)
  /// `url` gave something that is not a feed and names no feed.
  case notAFeed(url: URL, FeedParseError)
  /// The page at `page` names `feed`, which is not a feed.
  case linkedNotAFeed(page: URL, feed: URL, FeedParseError)
  /// The page at `page` names `feed`, whose fetch failed (a `404`: the link is stale).
  case linkedFetchFailed(page: URL, feed: URL, error: any Error)

  /// A one-line message (not sanitized: it contains URLs from the network).
  package var description: String {
    switch self {
    case .fetchFailed(_, let error): FeedRefresher.message(for: error)
    case .notAFeed(_, let error): error.message
    case .linkedNotAFeed(_, let feed, let error):
      "the page names the feed \(feed.absoluteString), but \(error.message)"
    case .linkedFetchFailed(_, let feed, let error):
      if let status = (error as? APIError)?.statusCode {
        "the page names the feed \(feed.absoluteString), but the feed's address answered \(status) "
          + "(\(FeedRefresher.message(for: error)))"
      } else {
        "the page names the feed \(feed.absoluteString), but it could not be read: "
          + FeedRefresher.message(for: error)
      }
    }
  }
}

extension FeedRefresher {
  /// Fetches `url` once, as `feed add` does, and finds the feed there: the body
  /// itself when it is a feed, or else the first feed the web page names in a
  /// `<link rel="alternate">` (see `FeedLinks`), fetched in turn. Saves nothing.
  ///
  /// Each fetch stops after ``feedDeadline``.
  ///
  /// - Parameter url: An `http` or `https` URL.
  /// - Returns: The feed, and the response to save.
  /// - Throws: ``FeedDiscoveryError``.
  package func discover(_ url: URL) async throws(FeedDiscoveryError) -> FeedDiscovery {
    let start = now()
    let response = try await fetchOnce(url)
    guard case .body(let body) = response else {
      return FeedDiscovery(feedURL: url, response: response, fetchedAt: start)
    }
    let failure: FeedParseError
    do {
      _ = try parser.parse(body.data, contentType: body.contentType, baseURL: body.url)
      return FeedDiscovery(feedURL: body.movedTo ?? url, response: response, fetchedAt: start)
    } catch {
      failure = error
    }
    let links = FeedLinks.find(in: body.data, contentType: body.contentType, pageURL: body.url)
    guard let first = links.first else { throw .notAFeed(url: url, failure) }
    let linkedStart = now()
    let linked: FeedFetcher.Response
    do {
      linked = try await fetchOnce(first.url)
    } catch {
      guard case .fetchFailed(_, let underlying) = error else { throw error }
      throw .linkedFetchFailed(page: url, feed: first.url, error: underlying)
    }
    if case .body(let feedBody) = linked {
      do {
        _ = try parser.parse(feedBody.data, contentType: feedBody.contentType, baseURL: first.url)
      } catch {
        throw .linkedNotAFeed(page: url, feed: first.url, error)
      }
    }
    var movedTo: URL?
    if case .body(let feedBody) = linked { movedTo = feedBody.movedTo }
    return FeedDiscovery(
      feedURL: movedTo ?? first.url, response: linked, fetchedAt: linkedStart, page: url,
      otherFeeds: Array(links.dropFirst()))
  }

  private func fetchOnce(_ url: URL) async throws(FeedDiscoveryError) -> FeedFetcher.Response {
    do {
      return try await withDeadline(feedDeadline) { [fetcher] in try await fetcher.fetch(url) }
    } catch {
      throw .fetchFailed(url: url, error: error)
    }
  }
}
