internal import CoreTerminal

extension FeedPart {
  /// `feed sync` (with `sync setup` and `sync status`) with a Google Reader API server;
  /// once set up, `refresh` and the reader's refresh go through the server, and `add`,
  /// `rm`, `rename` and `import` are sent to it at once.
  ///
  /// - Returns: The part.
  static func sync() -> FeedPart {
    FeedPart(
      name: "sync", commands: [SyncFeeds.self],
      refresh: { forceDelete, context, library in
        try await FeedCommands.syncRefresh(forceDelete: forceDelete, context, library)
      },
      subscriptionsChanged: { context, library in
        await FeedCommands.syncSubscriptionsIfSetUp(context, library)
      },
      readerRefresh: { context, store in
        try await FeedCommands.serverSync(context, store: store)
      })
  }
}
