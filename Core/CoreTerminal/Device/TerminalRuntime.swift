public import CoreBase
import Observation

/// The app loop: draws the root view, re-draws when observed state changes, dispatches
/// keys, and repaints on resize and resume.
///
/// Rendering runs inside `withObservationTracking`: any `@Observable` property read
/// while drawing (a view model's `Loadable`, the router's path) schedules one new
/// frame on the next main-actor turn when it changes, however many changes arrive in
/// between. So a load that finishes repaints without a key press. Ctrl-C quits, Ctrl-Z
/// suspends (the terminal is restored; on resume the screen is repainted).
///
/// <!-- doc-test: context
/// @MainActor final class Hello: TerminalView {  // a ScreenStack, usually
///   var requestQuit: (@MainActor () -> Void)?
///   func render(into frame: inout Frame) {}
///   func handle(_ event: InputEvent) -> Bool { false }
/// }
/// @MainActor func start() async throws {
/// let stack = Hello()
/// let capability = ColorCapability.none
/// // after the block:
/// }
/// -->
/// ```swift
/// let runtime = TerminalRuntime(terminal: SystemTerminal(), root: stack, capability: capability)
/// try await runtime.run()   // enters and always leaves interactive mode
/// ```
@MainActor
public final class TerminalRuntime {
  /// The terminal drawn on.
  public let terminal: any TerminalDevice
  /// What is drawn.
  public let root: any TerminalView
  /// The frame drawn last.
  public private(set) var currentFrame: Frame
  /// How many frames were drawn (for tests).
  public private(set) var renderCount = 0
  /// Whether ``run(events:)`` is looping.
  public private(set) var isRunning = false

  private var renderer: FrameRenderer
  private let clock: any Clock<Duration>
  private var needsRender = false
  private var isRenderScheduled = false
  /// Observed changes whose frame is not scheduled yet (the change handler hops to the
  /// main actor to schedule it).
  private let unscheduledChanges = Locked(0)
  private var animationTick = 0
  private var animationTask: Task<Void, Never>?
  private var quitContinuation: AsyncStream<InputEvent>.Continuation?

  /// Creates a runtime.
  ///
  /// - Parameters:
  ///   - terminal: The terminal to draw on and read from.
  ///   - root: The view to show, usually a ``ScreenStack``.
  ///   - capability: Which colors to emit (see ``ColorCapability/detect(environment:isTerminal:choice:)``).
  ///   - appearance: Light or dark.
  ///   - theme: Resolves palette roles.
  ///   - clock: Times animations (spinners); tests pass a manual clock.
  public init(
    terminal: any TerminalDevice, root: any TerminalView, capability: ColorCapability,
    appearance: Appearance = .dark, theme: Theme = .default,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.terminal = terminal
    self.root = root
    self.clock = clock
    renderer = FrameRenderer(capability: capability, appearance: appearance, theme: theme)
    currentFrame = Frame(size: terminal.size)
    root.requestQuit = { [weak self] in self?.quit() }
  }

  /// Enters interactive mode, draws, and handles input until quit or the input ends;
  /// interactive mode is left on every way out.
  ///
  /// - Parameter events: Decoded input; the terminal's ``TerminalDevice/events(clock:escapeDelay:)``
  ///   by default.
  /// - Throws: ``TerminalError`` when interactive mode cannot be entered.
  public func run(events: AsyncStream<InputEvent>? = nil) async throws {
    let source = events ?? terminal.events()
    let (merged, continuation) = AsyncStream.makeStream(of: InputEvent.self)
    quitContinuation = continuation
    let forwarder = Task {
      for await event in source { continuation.yield(event) }
      continuation.finish()
    }
    defer {
      forwarder.cancel()
      animationTask?.cancel()
      animationTask = nil
      isRunning = false
    }
    try await terminal.withInteractiveMode {
      isRunning = true
      renderer.invalidate()
      render()
      for await event in merged {
        dispatch(event)
        if !isRunning { break }
      }
    }
  }

  /// Ends ``run(events:)`` after the current event.
  public func quit() {
    isRunning = false
    quitContinuation?.finish()
  }

  /// Handles one event as the loop does: quit, suspend, repaint, or pass it to the root,
  /// then draws.
  ///
  /// - Parameter event: A decoded event.
  public func dispatch(_ event: InputEvent) {
    switch event {
    // Esc typed just before Ctrl-C arrives as Alt+Ctrl-C: it must still quit.
    case .key(.ctrl("c")), .key(.alt(.ctrl("c"))):
      quit()
      return
    case .key(.ctrl("z")), .key(.alt(.ctrl("z"))):
      terminal.suspend()
      return
    case .resize, .resume:
      renderer.invalidate()
    default:
      _ = root.handle(event)
    }
    render()
  }

  /// Draws the root now and writes what changed; observed state read while drawing
  /// schedules the next frame.
  public func render() {
    needsRender = false
    var frame = Frame(size: terminal.size, animationTick: animationTick)
    withObservationTracking {
      root.render(into: &frame)
    } onChange: { [weak self, unscheduledChanges] in
      unscheduledChanges.withLock { $0 += 1 }
      Task { @MainActor in
        unscheduledChanges.withLock { $0 -= 1 }
        self?.setNeedsRender()
      }
    }
    renderCount += 1
    currentFrame = frame
    let bytes = renderer.render(frame)
    if !bytes.isEmpty { terminal.write(bytes) }
    if frame.requestsAnimation { scheduleAnimation() }
  }

  /// Whether the screen shows everything done so far: no screen is running work
  /// (``TerminalView/isWorking``) and no frame is waiting to be drawn. Animation frames
  /// do not count: they come while something spins.
  ///
  /// Tests wait for it after a key press instead of yielding a number of times
  /// (`ScreenHarness/settle(bound:sourceLocation:)` in CoreTesting).
  public var isSettled: Bool {
    !isRenderScheduled && unscheduledChanges.withLock { $0 } == 0 && !root.isWorking
  }

  /// Draws from now on with `appearance` and `theme`, repainting the whole screen:
  /// what a settings change made elsewhere (another process) restyles.
  ///
  /// - Parameters:
  ///   - appearance: Light or dark.
  ///   - theme: Resolves palette roles.
  public func restyle(appearance: Appearance, theme: Theme) {
    guard appearance != renderer.appearance || theme != renderer.theme else { return }
    renderer = FrameRenderer(capability: renderer.capability, appearance: appearance, theme: theme)
    setNeedsRender()
  }

  /// Follows `looks` while running: each look restyles the screen (``restyle(appearance:theme:)``)
  /// and its notice, if the root shows notices (``TerminalNoticeBoard``), goes on the
  /// status line.
  ///
  /// - Parameter looks: The looks, e.g. a settings file's after each commit.
  /// - Returns: The task following them; cancel it to stop.
  @discardableResult
  public func follow(_ looks: AsyncStream<TerminalLook>) -> Task<Void, Never> {
    Task { @MainActor [weak self] in
      for await look in looks {
        guard let self else { return }
        if let look = look.style { restyle(appearance: look.appearance, theme: look.theme) }
        (root as? any TerminalNoticeBoard)?.notice = look.notice
      }
    }
  }

  /// Asks for a frame on the next main-actor turn; several requests make one frame.
  public func setNeedsRender() {
    needsRender = true
    guard !isRenderScheduled else { return }
    isRenderScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      isRenderScheduled = false
      if needsRender { render() }
    }
  }

  private func scheduleAnimation() {
    guard animationTask == nil else { return }
    let clock = clock
    animationTask = Task { @MainActor [weak self] in
      do { try await clock.sleep(for: .milliseconds(100)) } catch { return }
      guard let self else { return }
      animationTask = nil
      animationTick += 1
      setNeedsRender()
    }
  }
}
