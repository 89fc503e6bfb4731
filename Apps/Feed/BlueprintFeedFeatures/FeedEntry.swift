internal import BlueprintFeedModel

/// An item with its feed: a row of `feed read`, a line on the items screen.
struct FeedEntry: Sendable, Equatable {
  var feed: StoredFeed
  var item: CachedItem

  var reference: ItemReference { ItemReference(feed: feed.id, number: item.number) }
  var isRead: Bool { feed.record.isRead(item) }
}
