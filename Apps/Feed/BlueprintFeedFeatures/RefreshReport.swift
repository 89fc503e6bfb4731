internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// What a refresh's results add up to: the line announcing new items, and the error
/// (exit code and message) that says what happened.
struct RefreshReport {
  var results: [RefreshResult]
  var appName: String

  init(_ results: [RefreshResult], appName: String) {
    self.results = results
    self.appName = appName
  }

  /// `3 new items in 2 feeds.`, or `nil` when nothing is new.
  var newItemsLine: String? {
    var items = 0
    var feeds = 0
    for case .updated(let new, _) in results.map(\.outcome) where new > 0 {
      items += new
      feeds += 1
    }
    guard items > 0 else { return nil }
    return "\(items) new item\(items == 1 ? "" : "s") in \(feeds) feed\(feeds == 1 ? "" : "s")."
  }

  /// `nil` when every feed refreshed; else exit 74 when results could not be saved,
  /// 69 when fetches failed, with a message that says what was saved.
  var error: AppError? {
    let total = results.count
    let unsaved = results.filter(\.saveFailed)
    let failed = results.filter(\.isFailure)
    let saved = total - unsaved.count
    func feeds(_ count: Int) -> String { "\(count) feed\(count == 1 ? "" : "s")" }
    if let first = unsaved.first, case .failed(let reason) = first.outcome {
      return AppError(
        "could not save \(unsaved.count) of \(feeds(total)): \(reason)",
        hint: saved == 0
          ? "nothing was saved; make room or fix the folder, then run '\(appName) refresh' again"
          : "the other \(feeds(saved)) \(saved == 1 ? "was" : "were") saved; fix what the "
            + "message says, then run '\(appName) refresh' again for the rest",
        exitCode: .ioError)
    }
    guard !failed.isEmpty else { return nil }
    return AppError(
      "\(failed.count) of \(feeds(total)) failed to refresh",
      hint: failed.count == total
        ? "nothing new was saved; '\(appName) list' shows each feed's last error"
        : "the others were saved; '\(appName) list' shows each feed's last error",
      exitCode: .unavailable)
  }
}
