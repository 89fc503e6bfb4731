internal import CoreBase
internal import CoreTerminal

extension RefreshFeeds {
  /// `refresh --force-delete`: the sync's answer to its mass-deletion refusal.
  static let forceDelete = Flag(
    "force-delete", help: "Sync even when it removes every feed of a side, or most of them.")
}

extension FeedPart {
  /// `feed sync` (with `sync setup` and `sync status`) with a Google Reader API server;
  /// once set up, `refresh` and the reader's refresh go through the server, and `add`,
  /// `rm`, `rename`, `move` and `import` are sent to it at once.
  ///
  /// - Returns: The part.
  static func sync() -> FeedPart {
    let name = appIdentity.name
    return FeedPart(
      name: "sync", commands: [SyncFeeds.self],
      manual: [
        "Once '\(name) sync setup URL' has found a Google Reader API server (FreshRSS, "
          + "Miniflux, The Old Reader), '\(name) refresh' and the reader's refresh ask the "
          + "server instead of each site, and subscriptions, read marks and stars travel "
          + "both ways; '\(name) sync setup --off' goes back to fetching sites, keeping everything."
      ],
      files: [
        .init(
          "$XDG_DATA_HOME/\(appIdentity.family)/\(name)/sync/",
          "What '\(name) sync' last agreed with each account (marks and subscriptions); "
            + "no credentials."),
        .init(
          "$XDG_CONFIG_HOME/\(appIdentity.family)/\(FeedSyncConfig.storeKey).json",
          "Where '\(name) sync' syncs: the server and the user, written by "
            + "'\(name) sync setup'; no password."),
      ],
      refreshOptions: [RefreshFeeds.forceDelete],
      refresh: { refresh, context, library in
        try await FeedCommands.syncRefresh(forceDelete: refresh[\.forceDelete], context, library)
      },
      subscriptionsChanged: { context, library in
        await FeedCommands.syncSubscriptionsIfSetUp(context, library)
      },
      readerRefresh: { context, store in
        try await FeedCommands.serverSync(context, store: store)
      })
  }
}
