import Core
public import CoreTerminal
public import Testing

/// Runs a terminal view against a ``VirtualTerminal`` deterministically: feed keys,
/// drain the main actor, read the frame as a text grid and as a style grid.
///
/// <!-- doc-test: skip a fragment: `stack` comes from its surroundings -->
/// ```swift
/// let harness = ScreenHarness(size: TerminalSize(columns: 40, rows: 12), root: stack)
/// harness.press(.down, .enter)
/// await harness.settle()
/// assertGolden(harness.text, named: "detail")
/// ```
@MainActor
public final class ScreenHarness {
  /// The in-memory terminal.
  public let terminal: VirtualTerminal
  /// The runtime drawing on it.
  public let runtime: TerminalRuntime
  /// The clock that times animations; never advanced unless the test does.
  public let clock: ManualClock

  /// Creates the harness and draws the first frame.
  ///
  /// - Parameters:
  ///   - size: The terminal size.
  ///   - capability: Which colors to emit.
  ///   - root: What to show.
  public init(
    size: TerminalSize = TerminalSize(columns: 60, rows: 16),
    capability: ColorCapability = .ansi256, root: any TerminalView
  ) {
    terminal = VirtualTerminal(size: size)
    clock = ManualClock()
    runtime = TerminalRuntime(terminal: terminal, root: root, capability: capability, clock: clock)
    runtime.render()
  }

  /// Dispatches keys, one event each, as the run loop would.
  ///
  /// - Parameter keys: The keys pressed.
  public func press(_ keys: Key...) {
    for key in keys { runtime.dispatch(.key(key)) }
  }

  /// Types text, one key per character.
  ///
  /// - Parameter text: What the user types.
  public func type(_ text: String) {
    for character in text { runtime.dispatch(.key(.character(character))) }
  }

  /// Dispatches a paste.
  ///
  /// - Parameter text: The pasted text.
  public func paste(_ text: String) { runtime.dispatch(.paste(text)) }

  /// Resizes the terminal and dispatches the resize.
  ///
  /// - Parameter size: The new size.
  public func resize(to size: TerminalSize) {
    terminal.resize(to: size)
    runtime.dispatch(.resize(size))
  }

  /// Waits until the screen shows everything done so far: the interactors' tasks have
  /// ended (work on other threads and the network included) and their frame is drawn
  /// (``TerminalRuntime/isSettled``).
  ///
  /// It first yields once, so that work already queued on the main actor runs. A task
  /// that does not end while the screen shows it (a refresh waiting for a server the test
  /// holds) never settles: wait for what the screen shows instead, with ``waitUntil``.
  ///
  /// - Parameters:
  ///   - bound: How long to wait at most, a guard against a hang: past it the wait
  ///     records an issue at the caller, and the test fails instead of spinning until
  ///     its suite's time limit. It decides no assertion.
  ///   - sourceLocation: Where the issue is recorded.
  public func settle(
    bound: Duration = .seconds(300), sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await Task.yield()
    await waitUntil("the screen to settle", bound: bound, sourceLocation: sourceLocation) {
      runtime.isSettled
    }
  }

  /// The screen as the terminal shows it (emulated from the bytes written).
  public var text: String { terminal.screen().text }

  /// The last frame's styles: a letter per cell and a legend.
  public var styles: String { runtime.currentFrame.styleGrid }
}
