internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation
internal import Observation

// MARK: - View model

/// The feeds screen's state; the items and article screens read it too.
@MainActor @Observable
final class FeedsModel: NavigableViewModel {
  /// The feeds with their records; `.loading(previous:)` while a refresh runs, with
  /// each feed replaced as soon as its refresh is saved.
  var feeds: Loadable<[StoredFeed]> = .idle
  /// Whether the list is the built-in sample.
  var isSample = false
  /// The feeds whose refresh has not finished yet.
  var refreshing: Set<String> = []
  /// A one-line summary of the last refresh.
  var notice: String?
  var navigation: NavigationIntent<FeedRoute>?

  /// A feed by id, from what is loaded.
  func feed(_ id: String) -> StoredFeed? { feeds.value?.first { $0.id == id } }
}

// MARK: - Interactor

/// Loads the feeds, refreshes them, and keeps the model in step with the store.
///
/// Store work runs off the main actor (Core's `BlockingWork`): another `feed`
/// holding the store's lock never freezes the screen; a read mark waiting for it
/// shows as busy.
final class FeedsInteractor: Interactor<FeedsModel> {
  let library: FeedLibrary
  /// Whether every feed is refreshed when the reader opens (`feed config refresh-on-open`).
  let refreshesOnOpen: Bool
  /// Where the reader's store work runs; the app settles it when it quits.
  let work: BlockingWork

  init(
    library: FeedLibrary, refreshesOnOpen: Bool = false, work: BlockingWork = BlockingWork(),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.library = library
    self.refreshesOnOpen = refreshesOnOpen
    self.work = work
    super.init(viewModel: FeedsModel(), clock: clock)
  }

  override func prepare() {
    reload()
    if refreshesOnOpen { refreshAfterLoading() }
    observe(library.store.store.dataChanges(forKey: FeedStore.subscriptionsKey.name)) {
      [weak self] _ in self?.reloadLive()
    }
  }

  /// One live reload at a time, and one more when a commit came meanwhile.
  private let live = LiveReload()
  /// The feeds whose record is observed.
  private var observedFeeds: Set<String> = []

  /// Reads every feed again after a commit, by this process or another (`feed
  /// refresh` from cron, `feed sync`, a mark made in another reader): new items,
  /// unread counts, read marks and stars show with no key pressed. Shows no busy
  /// state; a refresh running here keeps its own.
  func reloadLive() {
    live.request { [weak self] done in
      guard let self else { return done() }
      let started = asyncTask(gateKey: "live") { [weak self, library, work] in
        let (feeds, isSample) = try await work.read { try library.feeds() }
        guard let self else { return }
        viewModel.isSample = isSample
        switch viewModel.feeds {
        case .loading: viewModel.feeds = .loading(previous: feeds)
        default: viewModel.feeds = .loaded(feeds)
        }
        if !isSample { observeRecords(of: feeds) }
      } finally: { _ in
        done()
      }
      if started == nil { done() }
    }
  }

  /// Observes the record of each feed not observed yet.
  private func observeRecords(of feeds: [StoredFeed]) {
    for feed in feeds where observedFeeds.insert(feed.id).inserted {
      observe(library.store.store.dataChanges(forKey: FeedStore.recordKey(feed.id))) {
        [weak self] _ in self?.reloadLive()
      }
    }
  }

  /// Refreshes once the first load has finished (the load runs as a task).
  private func refreshAfterLoading() {
    Task { [weak self] in
      await self?.waitForTasks()
      self?.refresh()
    }
  }

  /// Reads every feed from the store.
  func reload() {
    load(\.feeds, keepingPreviousValue: true) { [library, viewModel, work, weak self] in
      let (feeds, isSample) = try await work.read { try library.feeds() }
      viewModel.isSample = isSample
      if isSample {
        viewModel.notice = SampleFeed.screenHint
      } else {
        self?.observeRecords(of: feeds)
      }
      return feeds
    }
  }

  /// Refreshes every feed; each row updates as its feed finishes. Ignored while a
  /// refresh runs (rows already finished stay finished).
  func refresh() {
    // Gated by its own key, not the busy flag: the list's Loadable already shows
    // "Refreshing…", and a busy flag would add the status line's spinner too.
    guard !isRunning(gateKey: Self.refreshKey) else { return }
    guard !viewModel.isSample else {
      viewModel.notice = SampleFeed.screenHint
      return
    }
    let current = viewModel.feeds.value ?? []
    viewModel.refreshing = Set(current.map(\.id))
    viewModel.notice = nil
    viewModel.feeds = .loading(previous: current)
    asyncTask(gateKey: Self.refreshKey) { [library, work, weak self] in
      if let report = try await library.refreshByParts() {
        let (feeds, _) = try await work.read { try library.feeds() }
        self?.viewModel.feeds = .loaded(feeds)
        self?.viewModel.notice = report
        return
      }
      let results = try await library.refresh(work: work) { [weak self] result in
        await self?.finished(result)
      }
      guard let self else { return }
      let failed = results.filter(\.isFailure).count
      let fresh = results.reduce(0) { sum, result in
        if case .updated(let new, _) = result.outcome { return sum + new }
        return sum
      }
      viewModel.notice =
        "Refreshed \(results.count) feed\(results.count == 1 ? "" : "s"): \(fresh) new"
        + (failed > 0 ? ", \(failed) failed" : "")
    } finally: { [weak self] _ in
      guard let self else { return }
      viewModel.refreshing = []
      viewModel.feeds = .loaded(viewModel.feeds.value ?? [])
    }
  }

  /// The gate of ``refresh()``.
  static let refreshKey = "refresh"

  /// One feed's refresh was saved: show it, then stop saying it is refreshing.
  func finished(_ result: RefreshResult) async {
    await reloadRecord(result.feedID)
    viewModel.refreshing.remove(result.feedID)
  }

  /// Re-reads one feed's record (after a read mark), off the main actor.
  func reloadFeed(_ id: String) {
    asyncTask(gateKey: "reload " + id) { [weak self] in await self?.reloadRecord(id) }
  }

  /// Reads one feed's record off the main actor and shows it.
  private func reloadRecord(_ id: String) async {
    guard !viewModel.isSample else { return }
    do {
      let record = try await work.read { [library] in try library.store.record(id) }
      show(record, of: id)
    } catch {
      report(error)
    }
  }

  /// Puts a feed's record, read again, in the list.
  private func show(_ record: FeedRecord, of id: String) {
    guard var feeds = viewModel.feeds.value, let index = feeds.firstIndex(where: { $0.id == id })
    else { return }
    feeds[index].record = record
    switch viewModel.feeds {
    case .loading: viewModel.feeds = .loading(previous: feeds)
    default: viewModel.feeds = .loaded(feeds)
    }
  }

  /// Asks before marking every item of every feed read, saying how many it would mark
  /// (``confirmMarkEveryFeedRead()`` does it once the user agrees).
  func markEveryFeedRead() {
    let feeds = viewModel.feeds.value ?? []
    guard !feeds.isEmpty, !viewModel.isSample else { return }
    let unread = feeds.map(\.record.unreadCount)
    let items = unread.reduce(0, +)
    guard items > 0 else {
      viewModel.notice = "Every item is read already."
      return
    }
    // The feeds screen's view asks the question (a confirmation dialog).
    navigate(to: .confirmMarkEveryFeedRead(items: items, feeds: unread.count { $0 > 0 }))
  }

  /// Marks every item of every feed read, in one task, and says what it did; `u`
  /// takes it back. The screen shows busy until each feed is saved.
  func confirmMarkEveryFeedRead() {
    let ids = (viewModel.feeds.value ?? []).map(\.id)
    guard !ids.isEmpty, !viewModel.isSample else { return }
    blockingTask("mark every item of every feed read", on: work) { [library] commit in
      try library.store.markAll(true, feeds: ids, commit: commit.callAsFunction)
    } then: { [weak self] change in
      self?.viewModel.notice = Self.said(change, undone: false)
      for id in ids { self?.reloadFeed(id) }
    }
  }

  /// Marks every item of a feed read and says what it did; `u` takes it back. The
  /// screen shows busy until it is saved.
  func markAllRead(_ id: String) {
    guard !viewModel.isSample else { return }
    blockingTask("mark every item of feed \(id) read", on: work) { [library] commit in
      try library.store.markAll(true, feeds: [id], commit: commit.callAsFunction)
    } then: { [weak self] change in
      if change.count > 0 { self?.viewModel.notice = Self.said(change, undone: false) }
      self?.reloadFeed(id)
    }
  }

  /// Takes back the last change of many marks (`m`, `M`, or `feed mark-read FEED|--all`)
  /// and says what it took back.
  func undoMarks() {
    guard !viewModel.isSample else { return }
    blockingTask("undo the last change of marks", on: work) { [library] commit in
      try library.store.undoLastMarks(commit: commit.callAsFunction)
    } then: { [weak self] change in
      guard let self else { return }
      guard let change else {
        viewModel.notice = "Nothing to undo."
        return
      }
      viewModel.notice = Self.said(change, undone: true)
      for id in change.items.keys.sorted() { reloadFeed(id) }
    }
  }

  /// The status line after a change of marks: `Marked 12 items of 3 feeds read · u
  /// undoes`, or `Undid: marked 12 items of 3 feeds read`.
  static func said(_ change: MarkChange, undone: Bool) -> String {
    let summary = change.summary
    if undone { return "Undid: " + summary }
    return summary.prefix(1).uppercased() + summary.dropFirst() + " · u undoes"
  }

  func open(_ id: String) { navigate(to: .items(feed: id)) }
}

// MARK: - Terminal view

final class FeedsScreen: TerminalScreen {
  let interactor: FeedsInteractor
  var list = ListView()

  init(context: ScreenContext<FeedRoute>, interactor: FeedsInteractor) {
    self.interactor = interactor
    context.bind(interactor) { destination in
      switch destination {
      case .confirmMarkEveryFeedRead(let items, let feeds):
        .confirmationDialog(
          "Mark \(items) item\(items == 1 ? "" : "s") of \(feeds) feed\(feeds == 1 ? "" : "s") read?",
          message: "Undo with u."
        ) {
          IntentAction("Mark read", role: .destructive) { interactor.confirmMarkEveryFeedRead() }
          IntentAction("Cancel", role: .cancel)
        }
      default: .push(destination)
      }
    }
  }

  var title: String { "Feeds" }

  private var feeds: [StoredFeed] { interactor.viewModel.feeds.value ?? [] }
  private var selected: StoredFeed? {
    feeds.indices.contains(list.selection) ? feeds[list.selection] : nil
  }

  var keyBindings: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓", isInFooter: false),
      KeyBinding(.enter, "Open") { [unowned self] in
        if let feed = selected { interactor.open(feed.id) }
      },
      KeyBinding(.character("r"), "Refresh") { [unowned self] in interactor.refresh() },
      KeyBinding(.character("m"), "Feed read") { [unowned self] in
        if let feed = selected { interactor.markAllRead(feed.id) }
      },
      KeyBinding(.character("M"), "All read") { [unowned self] in
        interactor.markEveryFeedRead()
      },
      KeyBinding(.character("u"), "Undo marks", isInFooter: false) { [unowned self] in
        interactor.undoMarks()
      },
    ]
  }

  func render(into frame: inout Frame, area: Rect) {
    let model = interactor.viewModel
    var stack = RowStack(area)
    if let notice = model.notice, area.height > 2 {
      frame.draw(notice, in: stack.last().inset(leading: 1, trailing: 1), style: .secondary)
      stack.last()  // a blank row between the list and the notice
    }
    let body = stack.remaining
    LoadableView.render(model.feeds, into: &frame, area: body) { feeds, frame, area in
      // Feeds that share a title show their hosts.
      let origins = FeedText.origins(feeds)
      list.render(into: &frame, area: area, count: feeds.count) { index in
        Self.row(
          feeds[index], origin: origins[feeds[index].id],
          isRefreshing: model.refreshing.contains(feeds[index].id))
      }
    }
  }

  static func row(_ feed: StoredFeed, origin: String?, isRefreshing: Bool) -> ListRow {
    let title = FeedText.title(feed.displayTitle, origin: origin)
    let unread = feed.record.unreadCount
    let state =
      isRefreshing ? "refreshing…" : feed.record.lastError != nil ? "failed" : "\(unread) unread"
    // The folder, where there is one, before the state: `Tech · 3 unread`.
    let detail = feed.subscription.folder.map { "\($0) · \(state)" } ?? state
    if feed.record.lastError != nil && !isRefreshing {
      return ListRow("! " + title, detail: detail, style: .error)
    }
    return ListRow(
      (unread > 0 ? "• " : "  ") + title, detail: detail,
      style: unread > 0 ? .bold : .plain)
  }

  func handle(_ event: InputEvent) -> Bool {
    // A refresh's summary is news until the next key, as the status line is; the
    // sample's hint stays.
    if case .key = event, !interactor.viewModel.isSample { interactor.viewModel.notice = nil }
    if case .key(.character(" ")) = event {
      return list.handle(.key(.pageDown), count: feeds.count)
    }
    return list.handle(event, count: feeds.count)
  }
}
