import CoreBase

/// Turns a terminal's raw input into decoded events, timing the Esc delay with a clock.
///
/// Bytes go through a ``KeyDecoder``. When bytes are left pending (a lone `ESC`, half a
/// sequence), a timer of `escapeDelay` starts on the given clock; if no more bytes come
/// before it fires, the decoder is flushed, so a lone `ESC` becomes ``Key/escape``.
/// Tests pass a manual clock and advance it instead of waiting.
public enum TerminalInputDecoder {
  private struct State {
    var decoder = KeyDecoder()
    var generation = 0
    var timer: Task<Void, Never>?
  }

  /// Decoded events from `input`.
  ///
  /// - Parameters:
  ///   - input: Raw terminal input, as ``TerminalDevice/input`` delivers it.
  ///   - clock: The clock that times the Esc delay.
  ///   - escapeDelay: How long pending bytes wait for the rest of a sequence.
  /// - Returns: A stream of events that finishes when `input` does.
  public static func events<C: Clock<Duration>>(
    from input: AsyncStream<TerminalInput>, clock: C, escapeDelay: Duration = .milliseconds(30)
  ) -> AsyncStream<InputEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: InputEvent.self)
    let state = Locked(State())
    let pump = Task {
      for await item in input {
        switch item {
        case .bytes(let bytes):
          // Yield while holding the lock so a timer's flush cannot overtake these events.
          let pending = state.withLock { state -> Int? in
            state.timer?.cancel()
            state.timer = nil
            state.generation += 1
            for event in state.decoder.decode(bytes) { continuation.yield(event) }
            return state.decoder.hasPendingInput ? state.generation : nil
          }
          guard let generation = pending else { continue }
          let timer = Task {
            do { try await clock.sleep(for: escapeDelay) } catch { return }
            state.withLock { state in
              guard state.generation == generation else { return }
              for event in state.decoder.flush() { continuation.yield(event) }
            }
          }
          state.withLock { state in
            if state.generation == generation { state.timer = timer } else { timer.cancel() }
          }
        case .resized(let size):
          continuation.yield(.resize(size))
        case .resumed:
          continuation.yield(.resume)
        }
      }
      state.withLock { state in
        state.timer?.cancel()
        state.generation += 1
        for event in state.decoder.flush() { continuation.yield(event) }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in pump.cancel() }
    return stream
  }
}
