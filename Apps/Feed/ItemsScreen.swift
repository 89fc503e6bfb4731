import BlueprintFeedKit
import Core
import CoreTerminal
import Foundation
import Observation

// MARK: - View model

/// The items screen's own state; the items come from the shared ``FeedsModel``.
@MainActor @Observable
final class ItemsModel: NavigableViewModel {
  var navigation: NavigationIntent<FeedRoute>?
}

// MARK: - Interactor

/// Lists one feed's items, opens them, and toggles read marks.
final class ItemsInteractor: Interactor<ItemsModel> {
  let feedID: String
  let library: FeedLibrary
  let feeds: FeedsInteractor

  init(feed: String, library: FeedLibrary, feeds: FeedsInteractor) {
    feedID = feed
    self.library = library
    self.feeds = feeds
    super.init(viewModel: ItemsModel())
  }

  /// The feed, as last loaded or refreshed.
  var feed: StoredFeed? { feeds.viewModel.feed(feedID) }

  /// The items, newest first.
  var entries: [FeedEntry] {
    guard let feed else { return [] }
    return feed.record.items.map { FeedEntry(feed: feed, item: $0) }
  }

  func open(_ entry: FeedEntry) { navigate(to: .article(entry.reference)) }

  /// Marks an item read when it is unread, unread when it is read.
  func toggleRead(_ entry: FeedEntry) {
    performThrowable { try library.setRead(!entry.isRead, item: entry.item.id, feed: feedID) }
    if feedID == SampleFeed.id {
      toggleSampleRead(entry.item.id)
    } else {
      feeds.reloadFeed(feedID)
    }
  }

  /// The sample is not stored: its read marks live in the model only.
  private func toggleSampleRead(_ id: String) {
    guard var list = feeds.viewModel.feeds.value,
      let index = list.firstIndex(where: { $0.id == feedID })
    else { return }
    if list[index].record.read.remove(id) == nil { list[index].record.read.insert(id) }
    feeds.viewModel.feeds = .loaded(list)
  }

  func refresh() { feeds.refresh() }
}

// MARK: - Terminal view

final class ItemsScreen: TerminalScreen {
  let interactor: ItemsInteractor
  var list = ListView()

  init(context: ScreenContext<FeedRoute>, interactor: ItemsInteractor) {
    self.interactor = interactor
    self.context = context
    context.bind(interactor)
  }

  var title: String { interactor.feed?.displayTitle ?? "Items" }

  private var selected: FeedEntry? {
    let entries = interactor.entries
    return entries.indices.contains(list.selection) ? entries[list.selection] : nil
  }

  var keyBindings: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
      KeyBinding(.enter, "Read") { [unowned self] in
        if let entry = selected { interactor.open(entry) }
      },
      KeyBinding(.character("m"), "Read/unread") { [unowned self] in
        if let entry = selected { interactor.toggleRead(entry) }
      },
      KeyBinding(.character("o"), "Link") { [unowned self] in
        if let entry = selected { context?.status = LinkOpener.show(entry.item.link) }
      },
      KeyBinding(.character("r"), "Refresh") { [unowned self] in interactor.refresh() },
      KeyBinding(.character(" "), "Page", label: "Space", isInFooter: false),
    ]
  }

  private weak var context: ScreenContext<FeedRoute>?

  func render(into frame: inout Frame, area: Rect) {
    let entries = interactor.entries
    var body = area
    if let error = interactor.feed?.record.lastError, area.height > 2 {
      body.height -= 2
      frame.draw(
        "Last refresh failed: " + error, row: area.bottom - 1, column: area.column + 1,
        width: area.width - 2, style: .error)
    }
    guard !entries.isEmpty else {
      frame.draw(
        "No items yet. Press r to refresh.", row: body.row, column: body.column + 1,
        width: body.width - 1, style: .secondary)
      return
    }
    list.render(into: &frame, area: body, count: entries.count) { index in
      let entry = entries[index]
      return ListRow(
        (entry.isRead ? "  " : "• ") + (entry.item.title ?? "(untitled)"),
        detail: entry.item.date.map(FeedText.day), style: entry.isRead ? .plain : .bold)
    }
  }

  func handle(_ event: InputEvent) -> Bool {
    let count = interactor.entries.count
    if case .key(.character(" ")) = event { return list.handle(.key(.pageDown), count: count) }
    return list.handle(event, count: count)
  }
}
