/// Content that loads asynchronously: idle, loading, loaded or failed.
///
/// ``Interactor/load(_:keepingPreviousValue:_:)`` drives a `Loadable` property of a
/// view model through `.idle → .loading → .loaded(value) / .failed(error)`; a shell
/// switches over it to show a spinner, the content, or the error.
///
/// <!-- doc-test: context
/// struct Item {}
/// @MainActor final class Model { var items: Loadable<[Item]> = .idle }
/// let model = Model()
/// func showSpinner() {}
/// func show(_ items: [Item], refreshing: Bool = false) {}
/// func show(_ error: any Error) {}
/// -->
/// ```swift
/// switch model.items {
/// case .idle, .loading(previous: nil): showSpinner()
/// case .loading(previous: let items?): show(items, refreshing: true)
/// case .loaded(let items): show(items)
/// case .failed(let error, _): show(error)
/// }
/// ```
public enum Loadable<Value> {
  /// Nothing requested yet, or the last load was cancelled.
  case idle
  /// A load is running; `previous` is the value still shown, if the load keeps it.
  case loading(previous: Value?)
  /// The last load succeeded.
  case loaded(Value)
  /// The last load failed; `previous` is the value still shown, if the load kept it.
  case failed(any Error, previous: Value?)

  /// The value to show: the loaded value, or the previous one kept while loading or
  /// after a failure.
  public var value: Value? {
    switch self {
    case .idle: nil
    case .loading(let previous): previous
    case .loaded(let value): value
    case .failed(_, let previous): previous
    }
  }

  /// The error of a failed load, or nil.
  public var error: (any Error)? {
    if case .failed(let error, _) = self { return error }
    return nil
  }

  /// Whether a load is running.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }
}

extension Loadable: Sendable where Value: Sendable {}

extension Loadable: Equatable where Value: Equatable {
  /// Two loadables are equal when their states and values are.
  ///
  /// Errors are not `Equatable`, so two failures compare equal when their errors have
  /// the same dynamic type and the same `String(describing:)`.
  ///
  /// - Parameters:
  ///   - lhs: A loadable.
  ///   - rhs: Another loadable.
  /// - Returns: Whether the two are the same state with equal contents.
  public static func == (lhs: Loadable, rhs: Loadable) -> Bool {
    switch (lhs, rhs) {
    case (.idle, .idle): true
    case (.loading(let left), .loading(let right)): left == right
    case (.loaded(let left), .loaded(let right)): left == right
    case (.failed(let leftError, let left), .failed(let rightError, let right)):
      left == right && type(of: leftError) == type(of: rightError)
        && String(describing: leftError) == String(describing: rightError)
    default: false
    }
  }
}
