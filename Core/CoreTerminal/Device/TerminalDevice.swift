import CoreBase

/// What a terminal delivers: bytes typed, a new size, or a resume after suspend.
public enum TerminalInput: Sendable, Hashable {
  /// Bytes as one `read` returned them (undecoded; see ``KeyDecoder``).
  case bytes([UInt8])
  /// The window changed size.
  case resized(TerminalSize)
  /// The process was resumed after a suspend; the screen must be repainted.
  case resumed
}

/// A terminal: input bytes, output, size and interactive mode.
///
/// ``SystemTerminal`` is the process's real terminal; `VirtualTerminal` in TestSupport
/// is an in-memory one for tests. Interactive mode means raw input (no echo, no line
/// buffering, no signals from keys), the alternate screen, a hidden cursor and
/// bracketed paste; leaving it restores exactly what was there before.
///
/// ```swift
/// let terminal = SystemTerminal()
/// try await terminal.withInteractiveMode {
///   for await event in terminal.events() {
///     if event == .key(.ctrl("c")) { break }
///   }
/// }
/// ```
public protocol TerminalDevice: AnyObject, Sendable {
  /// Everything the terminal delivers, in order. It has one consumer; it finishes when
  /// input reaches its end (the terminal hung up).
  var input: AsyncStream<TerminalInput> { get }
  /// The current size in cells.
  var size: TerminalSize { get }
  /// Writes bytes to the terminal as they are.
  ///
  /// - Parameter bytes: Output bytes; escape sequences included.
  func write(_ bytes: [UInt8])
  /// Enters raw mode, the alternate screen, hides the cursor and turns bracketed paste on.
  ///
  /// - Throws: ``TerminalError`` when the device is not a terminal or another device
  ///   is already interactive.
  func enterInteractiveMode() throws(TerminalError)
  /// Puts back the settings found on entry, the main screen and the cursor. Idempotent.
  func leaveInteractiveMode()
  /// Restores the terminal and suspends the process (what Ctrl-Z does in a shell);
  /// interactive mode comes back, and ``TerminalInput/resumed`` is delivered, on resume.
  func suspend()
}

extension TerminalDevice {
  /// Writes text as UTF-8.
  ///
  /// - Parameter text: Text to write; pass data through ``TerminalSanitizer`` first.
  public func write(_ text: String) { write(Array(text.utf8)) }

  /// Runs `body` in interactive mode and leaves it afterwards, also when `body` throws.
  ///
  /// - Parameters:
  ///   - isolation: The actor `body` runs on; the caller's by default.
  ///   - body: The interactive part of the program.
  /// - Returns: What `body` returns.
  /// - Throws: ``TerminalError`` from entering, or what `body` throws.
  public func withInteractiveMode<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async throws -> Result {
    try enterInteractiveMode()
    defer { leaveInteractiveMode() }
    return try await body()
  }

  /// Decoded input: keys, pastes, resizes and resumes, with a lone Esc told apart
  /// from an escape sequence by `escapeDelay` of silence.
  ///
  /// - Parameters:
  ///   - clock: The clock that times the Esc delay.
  ///   - escapeDelay: How long a lone `ESC` waits for the rest of a sequence.
  /// - Returns: The event stream; it has one consumer.
  public func events<C: Clock<Duration>>(
    clock: C = ContinuousClock(), escapeDelay: Duration = .milliseconds(30)
  ) -> AsyncStream<InputEvent> {
    TerminalInputDecoder.events(from: input, clock: clock, escapeDelay: escapeDelay)
  }
}

/// Why a terminal could not enter interactive mode.
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A one-line message a CLI can print as is.
  public var message: String
  /// The `errno` value behind the failure, if any.
  public var errorNumber: Int32?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: A one-line message.
  ///   - errorNumber: The underlying `errno`, if any.
  public init(_ message: String, errorNumber: Int32? = nil) {
    self.message = message
    self.errorNumber = errorNumber
  }

  /// The message.
  public var description: String { message }

  /// Standard input or output is not a terminal.
  public static let notATerminal = TerminalError("standard input and output must be a terminal")
  /// Another terminal device is interactive in this process already.
  public static let alreadyInteractive = TerminalError("the terminal is already interactive")
}

/// The escape sequences that enter and leave interactive mode.
public enum TerminalControl {
  /// Alternate screen on, cursor hidden, bracketed paste on.
  public static let enterSequence = "\u{1b}[?1049h\u{1b}[?25l\u{1b}[?2004h"
  /// Bracketed paste off, attributes reset, cursor shown, main screen back.
  ///
  /// Written on every way out: a normal leave, a termination or crash signal, a suspend.
  public static let restoreSequence = "\u{1b}[?2004l\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l"
}
