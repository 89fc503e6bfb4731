public import Foundation

/// The subscribers to a store's changes, by key.
///
/// Stores call ``notify(_:forKey:)`` after each write; each subscriber gets its
/// own `AsyncStream` that ends when the consumer stops iterating.
public final class StoreObservers: Sendable {
  private struct State {
    var nextID = 0
    var continuations: [String: [Int: AsyncStream<Data?>.Continuation]] = [:]
  }

  private let state = Locked(State())

  /// Creates an empty set of subscribers.
  public init() {}

  /// A new stream of the bytes written for `key`; `nil` after a removal.
  ///
  /// - Parameter key: The key to watch.
  /// - Returns: A stream starting with the next change.
  public func stream(forKey key: String) -> AsyncStream<Data?> {
    let (stream, continuation) = AsyncStream<Data?>.makeStream(bufferingPolicy: .unbounded)
    let id = state.withLock { state in
      state.nextID += 1
      state.continuations[key, default: [:]][state.nextID] = continuation
      return state.nextID
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { state in
        state.continuations[key]?[id] = nil
        if state.continuations[key]?.isEmpty == true { state.continuations[key] = nil }
      }
    }
    return stream
  }

  /// Sends `data` to every subscriber of `key`.
  ///
  /// - Parameters:
  ///   - data: The new bytes, or `nil` after a removal.
  ///   - key: The key that changed.
  public func notify(_ data: Data?, forKey key: String) {
    state.withLock { state in
      guard let subscribers = state.continuations[key] else { return }
      for continuation in subscribers.values { continuation.yield(data) }
    }
  }
}
