#if os(Linux)
  import CoreTesting
  import Foundation
  import Testing

  /// A navigating screen that the stack cannot show does not compile: the compiler,
  /// run on a small file against the built modules, is the witness. A compiler run is
  /// seconds of CPU on a loaded machine, hence the tag and the generous limit.
  @Suite(
    "Terminal navigation: a wrong route type is a compile-time error", .tags(.heavy),
    .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason), .timeLimit(.minutes(20)))
  struct NavigationTypeCheckTests {
    /// The declarations both files share: a stack's routes and a screen that leads
    /// somewhere else.
    static let prelude = """
      import Core
      import CoreTerminal
      import Observation

      enum Route: Hashable, Sendable { case detail }
      enum Elsewhere { case settings }
      @MainActor @Observable final class Model: NavigableViewModel {
        var navigation: NavigationIntent<Elsewhere>?
      }
      @MainActor @Observable final class RoutedModel: NavigableViewModel {
        var navigation: NavigationIntent<Route>?
      }
      @MainActor @Observable final class PlainModel: ViewModel {}
      final class Logic: Interactor<Model> {}
      final class RoutedLogic: Interactor<RoutedModel> {}
      final class PlainLogic: Interactor<PlainModel> {}

      """

    /// Type-checks `body` after the prelude; returns the exit status and what the
    /// compiler printed.
    static func typeCheck(_ body: String) async throws -> (status: Int32, output: String) {
      try await TypeCheck.run(prelude + body, file: "Screen.swift")
    }

    @Test("the control: routed, mapped and plain screens compile")
    func control() async throws {
      let result = try await Self.typeCheck(
        """
        @MainActor func make(_ context: ScreenContext<Route>) {
          context.bind(RoutedLogic(viewModel: RoutedModel()))
          context.bind(Logic(viewModel: Model())) { _ in .push(.detail) }
          context.bind(PlainLogic(viewModel: PlainModel()))
        }
        """)
      #expect(result.status == 0, "\(result.output)")
    }

    @Test("a screen leading elsewhere, bound without a mapping, does not compile")
    func wrongRouteType() async throws {
      let result = try await Self.typeCheck(
        """
        @MainActor func make(_ context: ScreenContext<Route>) {
          context.bind(Logic(viewModel: Model()))
        }
        """)
      #expect(result.status != 0)
      #expect(result.output.contains("error: no exact matches in call to instance method 'bind'"))
      // The prelude's lines, then `make`, then the bind.
      let bindLine = Self.prelude.split(separator: "\n", omittingEmptySubsequences: false).count + 1
      #expect(result.output.contains("Screen.swift:\(bindLine):"), "the error is on the bind line")
    }
  }
#endif
