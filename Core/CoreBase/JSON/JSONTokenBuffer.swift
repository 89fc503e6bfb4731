/// The tokens of a ``JSONIndex``, in memory the index owns.
///
/// An `Array` would do, but reading it from the scanner's and the decoder's hot
/// loops retains and releases its buffer on many accesses (a fifth of decoding a
/// large document, measured); this buffer has no reference count. Indexes are
/// checked, as an `Array`'s are. Whoever holds the last copy calls
/// ``deallocate()``: the scanner when it fails, the index when it goes away.
struct JSONTokenBuffer {
  private var base: UnsafeMutablePointer<JSONToken>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  subscript(index: Int) -> JSONToken {
    get {
      precondition(
        index >= 0 && index < count,
        "token index out of range (or a decoder used after StrictJSON.decode returned)")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < count, "token index out of range")
      base[index] = newValue
    }
  }

  mutating func append(_ token: JSONToken) {
    if count == capacity {
      let larger = UnsafeMutablePointer<JSONToken>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = larger
      capacity *= 2
    }
    (base + count).initialize(to: token)
    count += 1
  }

  /// Forgets every token (the memory stays until ``deallocate()``).
  mutating func removeAll() { count = 0 }

  /// Frees the memory; no copy may be used after.
  func deallocate() { base.deallocate() }
}
