#if canImport(Darwin)
  import Darwin
#else
  import Synchronization
#endif

/// A word that signal handlers and ordinary code share: flags and bit masks.
///
/// On Linux it is the toolchain's lock-free `Atomic`. On Apple platforms `Atomic`
/// needs macOS 15 / iOS 18 while the kit supports older systems, so it is an aligned
/// word in memory that is allocated once and never freed, read and written as C's
/// `volatile sig_atomic_t` is. There `exchange` is a load then a store: two handlers
/// racing may both see the old value, which for the restorer means restoring the
/// terminal twice — the same bytes and settings, so harmless.
final class SignalWord: Sendable {
  #if canImport(Darwin)
    // Safe: one aligned word, written only whole; see the type's discussion.
    nonisolated(unsafe) private let word = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)

    init(_ value: UInt64) { word.initialize(to: value) }

    /// The current value.
    func load() -> UInt64 { word.pointee }

    /// Stores `value` and returns the value before.
    func exchange(_ value: UInt64) -> UInt64 {
      let old = word.pointee
      word.pointee = value
      return old
    }

    /// Sets `bits` and returns the value before.
    @discardableResult
    func setBits(_ bits: UInt64) -> UInt64 { exchange(word.pointee | bits) }

    /// Clears `bits` and returns the value before.
    @discardableResult
    func clearBits(_ bits: UInt64) -> UInt64 { exchange(word.pointee & ~bits) }
  #else
    private let word: Atomic<UInt64>

    init(_ value: UInt64) { word = Atomic(value) }

    /// The current value.
    func load() -> UInt64 { word.load(ordering: .sequentiallyConsistent) }

    /// Stores `value` and returns the value before.
    func exchange(_ value: UInt64) -> UInt64 {
      word.exchange(value, ordering: .sequentiallyConsistent)
    }

    /// Sets `bits` and returns the value before.
    @discardableResult
    func setBits(_ bits: UInt64) -> UInt64 {
      word.bitwiseOr(bits, ordering: .sequentiallyConsistent).oldValue
    }

    /// Clears `bits` and returns the value before.
    @discardableResult
    func clearBits(_ bits: UInt64) -> UInt64 {
      word.bitwiseAnd(~bits, ordering: .sequentiallyConsistent).oldValue
    }
  #endif

  /// Whether the word is non-zero (for flags).
  var isSet: Bool { load() != 0 }
}
