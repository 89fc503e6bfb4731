internal import CoreBase
package import CoreTerminal

/// The `feed` command line: the command types, listed once, and what the app does with
/// no command.
package enum FeedCommands {
  /// The commands, in the order help lists them: feed's own, then its parts'.
  package static let all = AppCommands(
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
    ] + FeedPart.all.flatMap(\.commands),
    manual: .feed
  ) { (app: FeedRun) in
    // Off a terminal, the unread items, as the manual page says.
    guard app.context.wantsInteractiveUI else {
      return try await ReadItems.parse(["--unread"]).run(in: app)
    }
    try await FeedReaderUI.run(library: app.library, context: app.context)
  }
}
