internal import BlueprintFeedModel
internal import CoreTerminal
internal import Foundation

/// How dates, statuses and refresh results read in plain output and on screen.
enum FeedText {
  /// `2026-11-29` (UTC).
  static func day(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
  }

  /// `2026-11-29T09:00:00Z`.
  static func timestamp(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
  }

  /// A feed's title in a table's column (`list`, `refresh`): cut to 40 columns, so
  /// that one long title a feed chose does not widen every row. With `origin` (see
  /// ``origins(_:)``) the title is cut to leave room for it: `News (example.com)`.
  static func column(_ title: String, origin: String? = nil) -> String {
    guard let origin else { return title.truncated(toWidth: 40) }
    let tag = " (" + origin.truncated(toWidth: 30) + ")"
    return title.truncated(toWidth: max(10, 40 - tag.terminalWidth)) + tag
  }

  /// A feed's title on screen: with `origin`, followed by it (`News (example.com)`).
  static func title(_ title: String, origin: String?) -> String {
    origin.map { "\(title) (\($0))" } ?? title
  }

  /// What tells apart feeds whose titles repeat (ignoring case), by id: the host of
  /// each; where hosts repeat too, the host and port, then the address without its
  /// scheme, then the whole URL (a file's name, then its path). Feeds whose title is
  /// their own have none.
  static func origins(_ feeds: [StoredFeed]) -> [String: String] {
    var origins: [String: String] = [:]
    for group in Dictionary(grouping: feeds, by: { $0.displayTitle.lowercased() }).values
    where group.count > 1 {
      let candidates = group.map { names(for: $0.subscription.url) }
      let levels = candidates.map(\.count).min() ?? 0
      // The first level at which every feed of the group reads differently.
      let level =
        (0..<levels).first { level in
          Set(candidates.map { $0[level] }).count == group.count
        } ?? levels - 1
      for (feed, names) in zip(group, candidates) where names.indices.contains(level) {
        origins[feed.id] = names[level]
      }
    }
    return origins
  }

  /// From shortest to longest: the names that may tell a feed's address from another.
  private static func names(for url: URL) -> [String] {
    if url.isFileURL { return [url.lastPathComponent, url.path, url.absoluteString] }
    let host = url.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? ""
    let server = url.port.map { "\(host):\($0)" } ?? host
    let address = server + url.path + (url.query.map { "?\($0)" } ?? "")
    return [host, server, address, url.absoluteString]
  }

  /// `ok`, `waiting until …` or `error: …` for a feed's last fetch.
  static func status(_ record: FeedRecord, now: Date) -> String {
    if let until = record.retryNotBefore, until > now {
      return "waiting until \(timestamp(until))" + (record.lastError.map { ": \($0)" } ?? "")
    }
    if let error = record.lastError { return "error: \(error)" }
    return record.lastFetched == nil ? "not fetched" : "ok"
  }

  /// The first column of a refresh line.
  static func word(_ outcome: RefreshResult.Outcome) -> String {
    switch outcome {
    case .updated: "ok"
    case .notModified: "unchanged"
    case .skipped: "skipped"
    case .failed: "failed"
    }
  }

  /// The last column of a refresh line.
  static func details(_ outcome: RefreshResult.Outcome) -> String {
    switch outcome {
    case .updated(let new, let total): "\(new) new, \(total) cached"
    case .notModified: "not modified"
    case .skipped(let until): "the server asked to wait until \(timestamp(until))"
    case .failed(let message): message
    }
  }
}
