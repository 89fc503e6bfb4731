import Core
import Observation

/// Rows for Core/CoreBase/Navigation: the cost of changing a router's stack.
enum NavigationBenchmarks {
  /// Pushes and pops per timed operation, so the main-actor hop is amortised.
  static let depth = 100

  static let suite = BenchmarkSuite(name: "navigation") {
    let router = await MainActor.run { Router<Int>() }
    let plain = await MainActor.run { PlainStack() }
    return [
      BenchmarkRow(
        "navigation/push-pop-x\(depth)", iterations: 200,
        ours: { @MainActor in
          for index in 0..<depth { router.push(index) }
          for _ in 0..<depth { router.pop() }
        },
        baselineName: "@Observable class with an [Int] path",
        baseline: { @MainActor in
          for index in 0..<depth { plain.path.append(index) }
          for _ in 0..<depth { plain.path.removeLast() }
        }),
      BenchmarkRow(
        "navigation/set-path-x\(depth)", iterations: 200,
        ours: { @MainActor in
          for index in 0..<depth { router.setPath([1, 2, index]) }
          router.popToRoot()
        },
        baselineName: "@Observable class with an [Int] path",
        baseline: { @MainActor in
          for index in 0..<depth { plain.path = [1, 2, index] }
          plain.path = []
        }),
    ]
  }
}

/// The least a navigation stack can be: an observable array.
@MainActor
@Observable
final class PlainStack {
  var path: [Int] = []
}
