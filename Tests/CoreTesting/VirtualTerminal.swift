import Core
public import CoreTerminal

/// An in-memory terminal for tests: scripted input, captured output, a settable size,
/// and a record of every mode change.
///
/// ```swift
/// let terminal = VirtualTerminal(size: TerminalSize(columns: 40, rows: 10))
/// terminal.send("j")
/// terminal.send([0x1b, 0x5b, 0x41])       // up arrow
/// // … run the screen …
/// #expect(terminal.screen().lines[0] == "Todos")
/// ```
public final class VirtualTerminal: TerminalDevice {
  /// A change of mode, in the order the code under test asked for them.
  public enum ModeChange: Hashable, Sendable {
    /// ``enterInteractiveMode()`` was called.
    case enter
    /// ``leaveInteractiveMode()`` was called while interactive.
    case leave
    /// ``suspend()`` was called.
    case suspend
  }

  private struct State {
    var size: TerminalSize
    var output: [UInt8] = []
    var modeChanges: [ModeChange] = []
    var isInteractive = false
    var enterError: TerminalError?
  }

  private let state: Locked<State>
  private let continuation: AsyncStream<TerminalInput>.Continuation

  /// What the code under test reads: bytes, resizes and resumes sent by the test.
  public let input: AsyncStream<TerminalInput>

  /// Creates a terminal.
  ///
  /// - Parameter size: Its size in cells; 80×24 by default.
  public init(size: TerminalSize = .fallback) {
    state = Locked(State(size: size))
    (input, continuation) = AsyncStream.makeStream(of: TerminalInput.self)
  }

  // MARK: - TerminalDevice

  /// The size set at creation or by ``resize(to:)``.
  public var size: TerminalSize { state.withLock { $0.size } }

  /// Captures bytes; read them with ``output`` or ``screen()``.
  ///
  /// - Parameter bytes: The bytes written.
  public func write(_ bytes: [UInt8]) {
    state.withLock { $0.output.append(contentsOf: bytes) }
  }

  /// Records ``ModeChange/enter`` and writes ``TerminalControl/enterSequence``.
  ///
  /// - Throws: The error set with ``failEntering(with:)``, if any.
  public func enterInteractiveMode() throws(TerminalError) {
    let error = state.withLock { state -> TerminalError? in
      if let error = state.enterError { return error }
      state.modeChanges.append(.enter)
      if !state.isInteractive { state.output += Array(TerminalControl.enterSequence.utf8) }
      state.isInteractive = true
      return nil
    }
    if let error { throw error }
  }

  /// Records ``ModeChange/leave`` and writes ``TerminalControl/restoreSequence`` when
  /// interactive.
  public func leaveInteractiveMode() {
    state.withLock { state in
      guard state.isInteractive else { return }
      state.modeChanges.append(.leave)
      state.output += Array(TerminalControl.restoreSequence.utf8)
      state.isInteractive = false
    }
  }

  /// Records ``ModeChange/suspend`` and writes the restore sequence; ``resume()``
  /// simulates the `SIGCONT` that follows.
  public func suspend() {
    state.withLock { state in
      state.modeChanges.append(.suspend)
      if state.isInteractive { state.output += Array(TerminalControl.restoreSequence.utf8) }
    }
  }

  // MARK: - Scripting

  /// Delivers bytes as one read.
  ///
  /// - Parameter bytes: The bytes the "user" typed.
  public func send(_ bytes: [UInt8]) { continuation.yield(.bytes(bytes)) }

  /// Delivers text as one read, UTF-8 encoded.
  ///
  /// - Parameter text: The text the "user" typed; may contain escape sequences.
  public func send(_ text: String) { send(Array(text.utf8)) }

  /// Changes the size and delivers a resize.
  ///
  /// - Parameter size: The new size.
  public func resize(to size: TerminalSize) {
    state.withLock { $0.size = size }
    continuation.yield(.resized(size))
  }

  /// Simulates `SIGCONT` after a suspend: re-enters the mode and delivers a resume.
  public func resume() {
    state.withLock { state in
      if state.isInteractive { state.output += Array(TerminalControl.enterSequence.utf8) }
    }
    continuation.yield(.resumed)
  }

  /// Ends the input, as a terminal that hung up.
  public func finishInput() { continuation.finish() }

  /// Makes the next ``enterInteractiveMode()`` calls throw `error` (or succeed, for `nil`).
  ///
  /// - Parameter error: The error to throw.
  public func failEntering(with error: TerminalError?) {
    state.withLock { $0.enterError = error }
  }

  // MARK: - Inspecting

  /// Every byte written so far.
  public var output: [UInt8] { state.withLock { $0.output } }

  /// Every byte written so far, decoded as UTF-8.
  public var outputText: String { String(decoding: output, as: UTF8.self) }

  /// The mode changes so far.
  public var modeChanges: [ModeChange] { state.withLock { $0.modeChanges } }

  /// Whether the terminal is in interactive mode now.
  public var isInteractive: Bool { state.withLock { $0.isInteractive } }

  /// Returns the output written so far and clears it (to look at one frame at a time).
  ///
  /// - Returns: The bytes written since the last call.
  public func takeOutput() -> [UInt8] {
    state.withLock { state in
      defer { state.output.removeAll() }
      return state.output
    }
  }

  /// The screen the output so far draws, at the current size.
  ///
  /// - Returns: An emulated screen fed with every byte written.
  public func screen() -> VirtualScreen {
    var screen = VirtualScreen(size: size)
    screen.feed(output)
    return screen
  }
}
