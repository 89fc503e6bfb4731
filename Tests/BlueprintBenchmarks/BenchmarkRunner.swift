/// Runs rows and prints one line per row.
struct BenchmarkRunner {
  /// Timed rounds per row; the median round is printed.
  var rounds = 7

  func run(_ suites: [BenchmarkSuite], filter: String?) async {
    print(header)
    for suite in suites {
      let suiteMatches = filter.map { suite.name.contains($0) } ?? true
      let rows: [BenchmarkRow]
      do {
        rows = try await suite.makeRows()
      } catch {
        print("\(suite.name): setup failed: \(error)")
        continue
      }
      for row in rows where suiteMatches || filter.map({ row.name.contains($0) }) == true {
        do {
          print(try await measure(row))
        } catch {
          print("\(row.name): failed: \(error)")
        }
      }
    }
  }

  private var header: String {
    pad("row", 44) + pad("ours/op", 12) + pad("base/op", 12) + pad("ratio", 8) + "goal"
  }

  private func measure(_ row: BenchmarkRow) async throws -> String {
    try await row.ours()
    try await row.baseline?()
    var ours: [Duration] = []
    var base: [Duration] = []
    for _ in 0..<rounds {
      ours.append(try await time(row.iterations, row.ours))
      if let baseline = row.baseline { base.append(try await time(row.iterations, baseline)) }
    }
    let oursPerOp = median(ours) / row.iterations
    var line = pad(row.name, 44) + pad(format(oursPerOp), 12)
    guard !base.isEmpty else { return line }
    let basePerOp = median(base) / row.iterations
    let ratio = seconds(oursPerOp) / seconds(basePerOp)
    line += pad(format(basePerOp), 12) + pad(String(format2: ratio), 8)
    if let goal = row.goal {
      line += "≤ \(String(format2: goal)) " + (ratio <= goal ? "met" : "MISSED")
    }
    if let name = row.baselineName { line += "  (vs \(name))" }
    return line
  }

  private func time(_ count: Int, _ body: @Sendable () async throws -> Void) async throws
    -> Duration
  {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<count { try await body() }
    return start.duration(to: clock.now)
  }

  private func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

  private func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  private func format(_ duration: Duration) -> String {
    let value = seconds(duration)
    switch value {
    case ..<1e-6: return String(format2: value * 1e9) + " ns"
    case ..<1e-3: return String(format2: value * 1e6) + " µs"
    case ..<1: return String(format2: value * 1e3) + " ms"
    default: return String(format2: value) + " s"
    }
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}

extension String {
  /// A number with two decimals, without Foundation's formatters.
  fileprivate init(format2 value: Double) {
    let scaled = (value * 100).rounded()
    let whole = Int(scaled / 100)
    let fraction = Int(abs(scaled).truncatingRemainder(dividingBy: 100))
    self = "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
