import Foundation

/// A value that several threads read and change, under a lock: a test's clock, a
/// change to make once, an answer handed from a callback.
final class LockedBox<Value>: @unchecked Sendable {
  // Safe: `stored` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  /// The value; setting it replaces it.
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }

  /// Runs `body` on the value while holding the lock.
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&stored) }
  }
}
