internal import CoreBase
internal import Foundation

/// One line of progress on standard error that updates in place while long work runs
/// (`refreshing 12/30 · 1 failed · example.org`), and is erased when the work ends, as
/// newsboat's reload and curl's progress are.
///
/// It is drawn only where a person sees it: when standard error is a terminal (not
/// `TERM=dumb`); to a pipe or a file it writes nothing at all. Nor is it drawn for work
/// that ends within a moment (``defaultDelay``): the line appears once the work has
/// taken that long, with the latest text. Text passes through the terminal sanitizer
/// (data from a feed cannot move the cursor) and is cut to the terminal's width, so the
/// line never wraps and `\r` always returns to its start.
///
/// <!-- doc-test: skip a fragment: `context`, `feeds` and `refresh` come from its surroundings -->
/// ```swift
/// let progress = context.progressLine()
/// for (index, feed) in feeds.enumerated() {
///   progress.update("refreshing \(index)/\(feeds.count) · \(feed.host)")
///   try await refresh(feed)
/// }
/// progress.finish()  // erased: the result is printed in its place
/// ```
public final class ProgressLine: Sendable {
  /// How long work runs before its progress is shown: a moment.
  public static let defaultDelay: Duration = .milliseconds(300)

  private struct State: Sendable {
    var text: String?
    /// Whether the moment has passed: updates are drawn at once from then on.
    var isDue = false
    /// Whether a line is on the screen (to erase).
    var isDrawn = false
    var isFinished = false
    var timer: Task<Void, Never>?
  }

  /// Whether the line is drawn at all (standard error is a terminal).
  public let isShown: Bool
  private let state = Locked(State())
  private let write: @Sendable (String) -> Void
  private let columns: @Sendable () -> Int?

  /// Creates a progress line.
  ///
  /// - Parameters:
  ///   - isShown: Whether to draw (standard error is a terminal); when `false`, every
  ///     call does nothing.
  ///   - delay: How long the work runs before the line appears; `.zero` draws the
  ///     first update at once.
  ///   - clock: The clock the delay is measured on.
  ///   - columns: The terminal's width, read at each draw (`nil`: 80).
  ///   - write: Writes to standard error.
  public init(
    isShown: Bool, delay: Duration = defaultDelay,
    clock: any Clock<Duration> = ContinuousClock(),
    columns: @escaping @Sendable () -> Int? = { nil },
    write: @escaping @Sendable (String) -> Void
  ) {
    self.isShown = isShown
    self.write = write
    self.columns = columns
    guard isShown else { return }
    if delay <= .zero {
      state.withLock { $0.isDue = true }
      return
    }
    let timer = Task { [weak self] in
      try? await clock.sleep(for: delay)
      guard !Task.isCancelled else { return }
      self?.becomeDue()
    }
    state.withLock { $0.timer = timer }
  }

  deinit { state.withLock { $0.timer?.cancel() } }

  /// Shows `text` in place of the line's previous text (once the moment has passed).
  ///
  /// - Parameter text: One line; control characters are shown as escapes, and text
  ///   wider than the terminal is cut with `…`.
  public func update(_ text: String) {
    guard isShown else { return }
    let draw = state.withLock { state -> Bool in
      guard !state.isFinished else { return false }
      state.text = text
      if state.isDue { state.isDrawn = true }
      return state.isDue
    }
    if draw { write(drawing(text)) }
  }

  /// Erases the line (when it was drawn) and stops drawing: what comes next (the
  /// result, an error) is written where the line was.
  public func finish() {
    guard isShown else { return }
    let erase = state.withLock { state -> Bool in
      guard !state.isFinished else { return false }
      state.isFinished = true
      state.timer?.cancel()
      state.timer = nil
      return state.isDrawn
    }
    if erase { write(Self.erase) }
  }

  /// Runs `body` on the caller's actor, then erases the line, whether `body` returns
  /// or throws.
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor, where `body` runs.
  ///   - body: The long work; it calls ``update(_:)``.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func during<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    defer { finish() }
    return try await body()
  }

  /// `\r`, then clear to the end of the line.
  static let erase = "\r\u{1B}[K"

  /// The moment has passed: draw the latest text, if any.
  private func becomeDue() {
    let text = state.withLock { state -> String? in
      guard !state.isFinished else { return nil }
      state.isDue = true
      state.timer = nil
      if state.text != nil { state.isDrawn = true }
      return state.text
    }
    if let text { write(drawing(text)) }
  }

  /// The bytes that replace the line by `text`: back to its start, the sanitized text
  /// cut to one column less than the width (no automatic wrap), the rest cleared.
  private func drawing(_ text: String) -> String {
    let width = max(10, (columns() ?? 80) - 1)
    let line = text.split(separator: "\n", omittingEmptySubsequences: false)
      .joined(separator: " ").terminalSafe
    return "\r" + line.truncated(toWidth: width) + "\u{1B}[K"
  }
}
