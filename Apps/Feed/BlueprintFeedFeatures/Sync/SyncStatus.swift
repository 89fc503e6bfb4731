internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `feed sync status`: the server, the user, where the password comes from, the last sync.
struct SyncStatus: FeedCommand {
  static let configuration = CommandConfiguration(
    "status", summary: "Say where the feeds sync, as whom, and when they last did.")

  func run(in app: FeedRun) async throws {
    let context = app.context
    guard let config = try FeedSyncConfig.load(from: context.directories.config) else {
      context.write(
        "Sync is not set up: feeds are fetched from their sites. "
          + "'\(context.appName) sync setup URL' syncs with a feed server.\n")
      return
    }
    let stored = FeedSyncStateStore(
      account: config.account, in: context.dataFolder.appendingPathComponent("sync"))
    let state = try stored.load()
    let linked = try stored.linkCount()
    let when = state.lastSync.map { FeedText.day($0) + " " + Self.time($0) } ?? "never"
    let password = config.passwordCommand == nil ? "~/.netrc" : "the password command"
    context.write(
      "Syncing with \(config.api.terminalSafe) as \(config.user.terminalSafe) "
        + "(password from \(password)).\nLast sync: \(when); \(linked) "
        + "feed\(linked == 1 ? "" : "s") linked.\n")
  }

  private static func time(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "HH:mm"
    return formatter.string(from: date)
  }
}
