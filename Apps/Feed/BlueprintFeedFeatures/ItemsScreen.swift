internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation
internal import Observation

// MARK: - View model

/// The items screen's own state; the items come from the shared ``FeedsModel``.
@MainActor @Observable
final class ItemsModel: NavigableViewModel {
  var navigation: NavigationIntent<FeedRoute>?
  /// What `/` searches for; empty shows every item.
  var search = ""
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

  /// The items, newest first, narrowed by the search.
  var entries: [FeedEntry] {
    guard let feed else { return [] }
    let search = ItemSearch(viewModel.search)
    return feed.record.items.sorted(by: CachedItem.newestFirst).compactMap { item in
      search.matches(item) ? FeedEntry(feed: feed, item: item) : nil
    }
  }

  /// Shows only the items that match `text` (title, author, text).
  func setSearch(_ text: String) { viewModel.search = text }

  /// The index of the next (or previous) unread item after `index`, if any.
  func unreadIndex(from index: Int, forward: Bool) -> Int? {
    let entries = entries
    let candidates =
      forward
      ? Array(entries.indices.filter { $0 > index })
      : Array(entries.indices.filter { $0 < index }.reversed())
    return candidates.first { !entries[$0].isRead }
  }

  func open(_ entry: FeedEntry) { navigate(to: .article(entry.reference)) }

  /// Marks an item read when it is unread, unread when it is read; the screen shows
  /// busy until it is saved (off the main actor).
  func toggleRead(_ entry: FeedEntry) {
    guard feedID != SampleFeed.id else { return toggleSampleRead(entry.item.id) }
    let (read, item, feed) = (!entry.isRead, entry.item.id, feedID)
    let label = "mark item \(entry.reference) \(read ? "read" : "unread")"
    blockingTask(label, on: feeds.work) { [library] commit in
      try library.setRead(read, item: item, feed: feed, commit: commit.callAsFunction)
    } then: { [feeds] in
      feeds.reloadFeed(feed)
    }
  }

  /// Stars an item, or removes its star (kept with a sync server); the screen shows
  /// busy until it is saved.
  func toggleStar(_ entry: FeedEntry) {
    guard feedID != SampleFeed.id else { return }
    let (star, item, feed) = (!entry.feed.record.isStarred(entry.item), entry.item.id, feedID)
    blockingTask("\(star ? "star" : "unstar") item \(entry.reference)", on: feeds.work) {
      [library] commit in
      try library.store.updateRecord(feed) { record in
        if star { record.starred.insert(item) } else { record.starred.remove(item) }
        try commit()
      }
    } then: { [feeds] in
      feeds.reloadFeed(feed)
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
  private var field: TextField?

  init(context: ScreenContext<FeedRoute>, interactor: ItemsInteractor) {
    self.interactor = interactor
    self.context = context
    context.bind(interactor)
  }

  var title: String { interactor.feed?.displayTitle ?? "Items" }
  var isEditingText: Bool { field != nil }

  private var selected: FeedEntry? {
    let entries = interactor.entries
    return entries.indices.contains(list.selection) ? entries[list.selection] : nil
  }

  var keyBindings: [KeyBinding] {
    if field != nil {
      return [KeyBinding(.enter, "Keep search"), KeyBinding(.escape, "Clear search")]
    }
    return [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓", isInFooter: false),
      KeyBinding(.enter, "Read") { [unowned self] in
        if let entry = selected { interactor.open(entry) }
      },
      KeyBinding(.character("m"), "Mark") { [unowned self] in
        if let entry = selected { interactor.toggleRead(entry) }
      },
      KeyBinding(.character("s"), "Star", isInFooter: false) { [unowned self] in
        if let entry = selected { interactor.toggleStar(entry) }
      },
      KeyBinding(.character("n"), "Next unread") { [unowned self] in moveToUnread(forward: true) },
      KeyBinding(
        keys: [.character("p"), .character("N")], "Previous unread", label: "p/N",
        isInFooter: false
      ) { [unowned self] in
        moveToUnread(forward: false)
      },
      KeyBinding(.character("/"), "Search") { [unowned self] in
        field = TextField(text: interactor.viewModel.search)
      },
      KeyBinding(.character("o"), "Open") { [unowned self] in
        if let entry = selected {
          context?.status = interactor.library.browser.open(entry.item.link)
        }
      },
      KeyBinding(.character("r"), "Refresh", isInFooter: false) { [unowned self] in
        interactor.refresh()
      },
      KeyBinding(.character(" "), "Page", label: "Space", isInFooter: false),
    ]
  }

  private func moveToUnread(forward: Bool) {
    let count = interactor.entries.count
    if let index = interactor.unreadIndex(from: list.selection, forward: forward) {
      list.select(index, count: count)
    } else {
      context?.status = forward ? "No unread item below." : "No unread item above."
    }
  }

  private weak var context: ScreenContext<FeedRoute>?

  func render(into frame: inout Frame, area: Rect) {
    let entries = interactor.entries
    var stack = RowStack(area)
    if var field, area.height > 1 {
      let label = "Search: "
      let (labelCell, input) = stack.last().inset(leading: 1, trailing: 1).columns(
        .fixed(label.count), .minimum(2))
      frame.draw(label, in: labelCell, style: .bold, sanitizing: false)
      field.render(into: &frame, in: input)
      self.field = field
    } else if !interactor.viewModel.search.isEmpty, area.height > 1 {
      frame.draw(
        "Search: " + interactor.viewModel.search + " (/ to change, Esc in it to clear)",
        in: stack.last().inset(leading: 1, trailing: 1), style: .secondary)
    }
    if let error = interactor.feed?.record.lastError, stack.height > 2 {
      frame.draw(
        "Last refresh failed: " + error, in: stack.last().inset(leading: 1, trailing: 1),
        style: .error)
      stack.last()  // a blank row between the list and the error
    }
    let body = stack.remaining
    guard !entries.isEmpty else {
      let message =
        interactor.viewModel.search.isEmpty
        ? "No items yet. Press r to refresh." : "No items match."
      frame.draw(message, in: body.inset(leading: 1), style: .secondary)
      return
    }
    list.render(into: &frame, area: body, count: entries.count) { index in
      let entry = entries[index]
      return ListRow(
        (entry.isRead ? "  " : "• ") + (entry.feed.record.isStarred(entry.item) ? "★ " : "")
          + (entry.item.title ?? "(untitled)"),
        detail: entry.item.date.map(FeedText.day), style: entry.isRead ? .plain : .bold)
    }
  }

  func handle(_ event: InputEvent) -> Bool {
    if var editing = field {
      switch event {
      case .key(.enter):
        field = nil
      case .key(.escape):
        field = nil
        interactor.setSearch("")
      default:
        _ = editing.handle(event)
        field = editing
        interactor.setSearch(editing.text)
      }
      list.select(0, count: interactor.entries.count)
      return true
    }
    let count = interactor.entries.count
    if case .key(.character(" ")) = event { return list.handle(.key(.pageDown), count: count) }
    return list.handle(event, count: count)
  }
}
