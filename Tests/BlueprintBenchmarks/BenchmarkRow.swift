/// One benchmark row: our code and, where there is one, its baseline.
///
/// The harness runs the two alternately in the same process (ours, baseline, ours, …)
/// so that a noisy machine slows both alike, and prints the ratio ours / baseline.
struct BenchmarkRow: Sendable {
  /// What the row measures, e.g. `networking/get-decode/sequential`.
  var name: String
  /// Operations per timed round; the printed figure is time per operation.
  var iterations: Int
  /// Our code: one call performs one operation.
  var ours: @Sendable () async throws -> Void
  /// What the baseline is, e.g. `URLSession + JSONDecoder`.
  var baselineName: String?
  /// The baseline: one call performs the same operation without our layer.
  var baseline: (@Sendable () async throws -> Void)?
  /// The ratio the row should stay under, printed beside the figure.
  var goal: Double?

  init(
    _ name: String,
    iterations: Int,
    goal: Double? = nil,
    ours: @escaping @Sendable () async throws -> Void,
    baselineName: String? = nil,
    baseline: (@Sendable () async throws -> Void)? = nil
  ) {
    self.name = name
    self.iterations = iterations
    self.goal = goal
    self.ours = ours
    self.baselineName = baselineName
    self.baseline = baseline
  }
}

/// A group of rows that share their setup (a server, a temp folder).
struct BenchmarkSuite: Sendable {
  /// The suite's name; a filter matches it or a row name.
  var name: String
  /// Builds the rows, starting whatever they need.
  var makeRows: @Sendable () async throws -> [BenchmarkRow]
}
