import Core

/// Rows for the small shared helpers in Core/CoreBase/Support.
enum SupportBenchmarks {
  static let suite = BenchmarkSuite(name: "support") {
    let locked = Locked(0)
    return [
      BenchmarkRow("support/locked-increment", iterations: 100_000) {
        locked.withLock { $0 += 1 }
      }
    ]
  }
}
