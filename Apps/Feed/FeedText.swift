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
  /// that one long title a feed chose does not widen every row.
  static func column(_ title: String) -> String { title.truncated(toWidth: 40) }

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
