import Core
import Observation

/// Rows for Core/CoreBase/Interactors: the per-call cost of `asyncTask` and `load`.
enum InteractorBenchmarks {
  static let suite = BenchmarkSuite(name: "interactors") {
    let interactor = await MainActor.run { Interactor(viewModel: BenchModel()) }
    let model = await MainActor.run { BenchModel() }
    return [
      BenchmarkRow(
        "interactors/asyncTask", iterations: 5_000,
        ours: { @MainActor in
          _ = await interactor.asyncTask {}?.outcome
        },
        baselineName: "Task { @MainActor in } + value",
        baseline: { @MainActor in
          await Task { @MainActor in }.value
        }),
      BenchmarkRow(
        "interactors/load", iterations: 5_000,
        ours: { @MainActor in
          _ = await interactor.load(\.value) { 1 }?.outcome
        },
        baselineName: "Task setting .loading then .loaded",
        baseline: { @MainActor in
          model.value = .loading(previous: nil)
          await Task { @MainActor in model.value = .loaded(1) }.value
        }),
    ]
  }
}

/// A view model with one loadable value.
@MainActor
@Observable
final class BenchModel: ViewModel {
  var value: Loadable<Int> = .idle
}
