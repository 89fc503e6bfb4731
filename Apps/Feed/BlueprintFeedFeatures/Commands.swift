internal import BlueprintFeedFormats
internal import BlueprintFeedModel
internal import CoreBase
package import CoreTerminal
internal import Foundation

/// The `feed` command line: the command types, listed once, and what the app does with
/// no command.
@MainActor
package enum FeedCommands {
  /// The commands, in the order help lists them.
  package nonisolated static let all = AppCommands<FeedRun>(
    identity: appIdentity,
    summary: "Read RSS, Atom and JSON feeds in the terminal.",
    commands: [
      AddFeed.self,
      RemoveFeed.self,
      RenameFeed.self,
      MoveFeed.self,
      ListFeeds.self,
      RefreshFeeds.self,
      ReadItems.self,
      ShowItem.self,
      MarkRead.self,
      MarkUnread.self,
      UndoMarks.self,
      ConfigureReader.self,
      ImportOPML.self,
      ExportOPML.self,
      StarItem.self,
      UnstarItem.self,
    ] + parts.flatMap(\.commands),
    manual: manual
  ) { run in
    if run.context.wantsInteractiveUI {
      try await FeedReaderUI.run(library: run.library, context: run.context)
    } else {
      try printItems(
        run.context, run.library, feed: nil, unreadOnly: true, limit: nil, json: false)
    }
  }

  /// The command line: `feed COMMAND …`.
  package nonisolated static var spec: CommandLineSpec { all.spec }

  /// Runs one parsed command.
  package static func run(_ command: ParsedCommand, in context: CommandContext) async throws {
    do {
      try await all.run(command) { FeedRun(context) }
    } catch PersistenceError.corrupted(let key, let path, let underlying)
      where key == "subscriptions"
    {
      let error = PersistenceError.corrupted(key: key, path: path, underlying: underlying)
      // The store keeps the list as it was before its last change: restoring it is the
      // first way out, when it is there.
      let restore = error.hint.map { $0 + "; or " } ?? "the file is left as it is: "
      throw AppError(
        error.message,
        hint: restore
          + "fix it in an editor, or move it aside (mv \(path) \(path).bad) and add your feeds again ('\(context.appName) import FILE.opml' takes a saved export)",
        exitCode: .dataError)
    }
  }

  /// A URL as a message shows it: sanitized, and cut after 200 characters.
  static func echo(_ url: URL) -> String {
    let text = url.absoluteString
    return (text.count > 200 ? String(text.prefix(200)) + "…" : text).terminalSafe
  }
}
