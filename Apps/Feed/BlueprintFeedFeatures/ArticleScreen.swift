internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation
internal import Observation

// MARK: - Text

/// An article as text: `feed show` prints it, the article screen wraps it.
enum ArticleText {
  /// The header lines: title, feed, date, author, link.
  static func header(_ entry: FeedEntry) -> [String] {
    var lines = [entry.item.title ?? "(untitled)"]
    var meta = [entry.feed.displayTitle]
    if let date = entry.item.date { meta.append(FeedText.day(date)) }
    if let author = entry.item.author { meta.append(author) }
    lines.append(meta.joined(separator: " · "))
    if let link = entry.item.link { lines.append(link.absoluteString) }
    return lines.map(\.terminalSafe)
  }

  /// The body as sanitized plain text (line breaks kept).
  static func body(_ entry: FeedEntry) -> String {
    TerminalSanitizer.multiLine.sanitize(entry.item.bodyText ?? "(no text)")
  }

  /// What `feed show` prints.
  static func plain(_ entry: FeedEntry) -> String {
    header(entry).joined(separator: "\n") + "\n\n" + body(entry) + "\n"
  }

  /// The header and the body wrapped to `width` cells.
  static func lines(_ entry: FeedEntry, width: Int) -> [String] {
    let width = max(8, width)
    var lines: [String] = []
    for line in header(entry) { lines += wrap(line, width: width) }
    lines.append("")
    for line in body(entry).split(separator: "\n", omittingEmptySubsequences: false) {
      lines += wrap(String(line), width: width)
    }
    return lines
  }

  /// Wraps one line at spaces; a word longer than the width is cut. The line's own
  /// indent is kept, and continuation lines hang under the text of a list item
  /// (`• `, `2. `, `[3] `) or repeat a quote's `> `.
  static func wrap(_ line: String, width: Int) -> [String] {
    guard line.terminalWidth > width else { return [line] }
    let leading = String(line.prefix { $0 == " " })
    var indent = leading + hangingIndent(line.dropFirst(leading.count))
    if indent.count > width / 2 { indent = leading.count > width / 2 ? "" : leading }
    var result: [String] = []
    var current = leading
    var currentWidth = leading.count
    var start = currentWidth  // where this line's words begin
    for word in line.split(separator: " ") {
      var word = String(word)
      var wordWidth = word.terminalWidth
      if currentWidth > start, currentWidth + 1 + wordWidth > width {
        result.append(current)
        (current, currentWidth, start) = (indent, indent.count, indent.count)
      }
      while wordWidth > width - currentWidth, wordWidth > 0, currentWidth == start {
        let piece = word.truncated(toWidth: width - currentWidth, ellipsis: "")
        guard !piece.isEmpty else { break }
        result.append(current + piece)
        word.removeFirst(piece.count)
        wordWidth = word.terminalWidth
        (current, currentWidth, start) = (indent, indent.count, indent.count)
      }
      guard !word.isEmpty else { continue }
      if currentWidth > start {
        current += " "
        currentWidth += 1
      }
      current += word
      currentWidth += wordWidth
    }
    if currentWidth > start || result.isEmpty { result.append(current) }
    return result
  }

  /// What continuation lines start with after the line's own indent: `> ` for each
  /// quote level, then spaces as wide as a list marker.
  private static func hangingIndent(_ text: Substring) -> String {
    var rest = text
    var prefix = ""
    while rest.hasPrefix("> ") {
      prefix += "> "
      rest = rest.dropFirst(2)
    }
    if rest.hasPrefix("• ") { return prefix + "  " }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(". ") {
      return prefix + String(repeating: " ", count: digits.count + 2)
    }
    let reference = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
    if rest.hasPrefix("["), !reference.isEmpty, rest.dropFirst(reference.count + 1).hasPrefix("] ")
    {
      return prefix + String(repeating: " ", count: reference.count + 3)
    }
    return prefix
  }
}

// MARK: - View model

@MainActor @Observable
final class ArticleModel: NavigableViewModel {
  var navigation: NavigationIntent<FeedRoute>?
}

// MARK: - Interactor

/// Shows one article: marks it read when it first appears; `m` toggles; `n`/`N` go
/// on to the feed's next or previous unread article, in the items screen's order.
final class ArticleInteractor: Interactor<ArticleModel> {
  private(set) var reference: ItemReference
  let library: FeedLibrary
  let feeds: FeedsInteractor

  init(reference: ItemReference, library: FeedLibrary, feeds: FeedsInteractor) {
    self.reference = reference
    self.library = library
    self.feeds = feeds
    super.init(viewModel: ArticleModel())
  }

  /// The article as the store has it now; when a commit made elsewhere dropped it (a
  /// refresh past the item limit, the feed removed), the one read last, so that the
  /// article being read stays open.
  var entry: FeedEntry? {
    guard let feed = feeds.viewModel.feed(reference.feed),
      let item = feed.record.items.first(where: { $0.number == reference.number })
    else { return shown?.reference == reference ? shown : nil }
    let entry = FeedEntry(feed: feed, item: item)
    shown = entry
    return entry
  }

  /// The entry ``entry`` gave last.
  private var shown: FeedEntry?

  override func prepare() {
    if let entry, !entry.isRead { toggleRead() }
  }

  func toggleRead() {
    guard let entry else { return }
    let items = ItemsInteractor(feed: reference.feed, library: library, feeds: feeds)
    items.toggleRead(entry)
  }

  /// Shows the next (or previous) unread article of the feed and marks it read.
  ///
  /// - Returns: Whether there was one.
  func moveToUnread(forward: Bool) -> Bool {
    let items = ItemsInteractor(feed: reference.feed, library: library, feeds: feeds)
    let entries = items.entries
    guard let current = entries.firstIndex(where: { $0.reference == reference }),
      let next = items.unreadIndex(from: current, forward: forward)
    else { return false }
    reference = entries[next].reference
    if let entry, !entry.isRead { toggleRead() }
    return true
  }
}

// MARK: - Terminal view

final class ArticleScreen: TerminalScreen {
  let interactor: ArticleInteractor
  private weak var context: ScreenContext<FeedRoute>?
  private var offset = 0
  private var pageSize = 1
  private var lineCount = 0

  init(context: ScreenContext<FeedRoute>, interactor: ArticleInteractor) {
    self.interactor = interactor
    self.context = context
    context.bind(interactor)
  }

  var title: String { interactor.entry?.item.title ?? "Article" }

  var keyBindings: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Scroll", label: "↑↓", isInFooter: false),
      KeyBinding(.character(" "), "Page", label: "Space", isInFooter: false),
      KeyBinding(.character("m"), "Read/unread") { [unowned self] in
        interactor.toggleRead()
        context?.status = interactor.entry?.isRead == true ? "Marked read" : "Marked unread"
      },
      KeyBinding(.character("n"), "Next unread") { [unowned self] in moveToUnread(forward: true) },
      KeyBinding(
        keys: [.character("N"), .character("p")], "Previous unread", label: "N/p",
        isInFooter: false
      ) { [unowned self] in moveToUnread(forward: false) },
      KeyBinding(.character("o"), "Open link") { [unowned self] in
        context?.status = interactor.library.browser.open(interactor.entry?.item.link)
      },
    ]
  }

  private func moveToUnread(forward: Bool) {
    if interactor.moveToUnread(forward: forward) {
      offset = 0
    } else {
      context?.status = forward ? "No unread item below." : "No unread item above."
    }
  }

  func render(into frame: inout Frame, area: Rect) {
    guard let entry = interactor.entry else {
      frame.draw("This item is no longer cached.", in: area.inset(leading: 1), style: .secondary)
      return
    }
    let lines = ArticleText.lines(entry, width: area.inset(leading: 1, trailing: 1).width)
    lineCount = lines.count
    pageSize = max(1, area.height)
    offset = max(0, min(offset, lines.count - pageSize))
    for (index, line) in lines.dropFirst(offset).prefix(pageSize).enumerated() {
      let lineNumber = offset + index
      let style: TextStyle =
        lineNumber == 0
        ? .header
        : lineNumber < 3 && lineNumber > 0 && !line.isEmpty && offset == 0 ? .secondary : .plain
      frame.draw(
        line, in: area.line(index).inset(leading: 1, trailing: 1), style: style,
        sanitizing: false)
    }
  }

  func handle(_ event: InputEvent) -> Bool {
    guard case .key(let key) = event else { return false }
    switch key {
    case .down, .character("j"): offset += 1
    case .up, .character("k"): offset -= 1
    case .character(" "), .pageDown: offset += pageSize - 1
    case .pageUp: offset -= pageSize - 1
    case .home, .character("g"): offset = 0
    case .end, .character("G"): offset = lineCount
    default: return false
    }
    offset = max(0, min(offset, lineCount - pageSize))
    return true
  }
}
