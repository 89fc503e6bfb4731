/// A small seeded random source (SplitMix64): generated test inputs are the same on
/// every run, so a failure can be replayed from its seed.
///
/// ```swift
/// var random = SeededRandom(seed: 2026)
/// let word = random.pick(["a", "b"])
/// ```
public struct SeededRandom: RandomNumberGenerator {
  /// The generator's state; the seed at first.
  public var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// One of `values`, which must not be empty.
  public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
