import Core
import Testing

@Suite("Loadable")
struct LoadableTests {
  @Test(
    "value, error and isLoading follow the state",
    arguments: [
      (Loadable<Int>.idle, nil, nil, false),
      (.loading(previous: nil), nil, nil, true),
      (.loading(previous: 3), 3, nil, true),
      (.loaded(5), 5, nil, false),
      (.failed(TestError("x"), previous: nil), nil, "TestError(x)", false),
      (.failed(TestError("x"), previous: 2), 2, "TestError(x)", false),
    ] as [(Loadable<Int>, Int?, String?, Bool)])
  func accessors(state: Loadable<Int>, value: Int?, error: String?, isLoading: Bool) {
    #expect(state.value == value)
    #expect(state.error.map { String(describing: $0) } == error)
    #expect(state.isLoading == isLoading)
  }

  @Test(
    "equality compares states, values, and errors by type and description",
    arguments: [
      (Loadable<Int>.idle, Loadable<Int>.idle, true),
      (.loaded(1), .loaded(1), true),
      (.loaded(1), .loaded(2), false),
      (.loading(previous: nil), .loading(previous: nil), true),
      (.loading(previous: 1), .loading(previous: nil), false),
      (.loaded(1), .loading(previous: 1), false),
      (.idle, .loading(previous: nil), false),
      (.failed(TestError("a"), previous: nil), .failed(TestError("a"), previous: nil), true),
      (.failed(TestError("a"), previous: nil), .failed(TestError("b"), previous: nil), false),
      (.failed(TestError("a"), previous: 1), .failed(TestError("a"), previous: nil), false),
      (.failed(TestError("a"), previous: nil), .failed(OtherError(), previous: nil), false),
    ] as [(Loadable<Int>, Loadable<Int>, Bool)])
  func equality(lhs: Loadable<Int>, rhs: Loadable<Int>, equal: Bool) {
    #expect((lhs == rhs) == equal)
    #expect((rhs == lhs) == equal)
  }

  @Test("a Loadable of a Sendable value is Sendable")
  func sendable() async {
    let state: Loadable<[String]> = .loaded(["a"])
    let copy = await Task.detached { state }.value
    #expect(copy == .loaded(["a"]))
  }
}

/// An error with the same description as `TestError("a")` but another type.
private struct OtherError: Error, CustomStringConvertible {
  var description: String { "TestError(a)" }
}
