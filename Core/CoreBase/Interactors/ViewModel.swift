// View models are `@Observable`: `import Core` brings Observation with it, as the kits'
// own imports did, so their examples compile with `import Core` alone.
@_exported public import Observation

/// A screen's state: passive, `@Observable`, changed only by its interactor.
///
/// A view model holds what the screen shows and nothing else — no logic, no async work.
/// Shells render it and re-render when Observation reports a change.
///
/// <!-- doc-test: context
/// struct Todo {}
/// -->
/// ```swift
/// @MainActor @Observable
/// final class TodoListModel: ViewModel {
///   var items: Loadable<[Todo]> = .idle
/// }
/// ```
@MainActor
public protocol ViewModel: AnyObject, Observable {
  /// Where this screen can lead: `Never` for a screen that leads nowhere (the
  /// default); a ``NavigableViewModel`` infers it from its ``NavigableViewModel/navigation``.
  ///
  /// Shells use it to make a wrong route type a compile-time error: binding a screen
  /// whose destinations the shell cannot show, without a mapping, does not compile.
  associatedtype Destination = Never
}

/// A view model whose screen can lead to other screens.
///
/// Its ``navigation`` is the one channel from interactor to shell:
/// ``Interactor/navigate(to:presentation:)`` puts an intent there, and the screen's
/// binding presents it and clears it, typed by ``ViewModel/Destination`` end to end.
@MainActor
public protocol NavigableViewModel: ViewModel {
  /// Where this screen can lead, usually an enum of the app's routes or sheets;
  /// inferred from ``navigation``.
  associatedtype Destination

  /// The pending request to show a destination, or nil.
  var navigation: NavigationIntent<Destination>? { get set }
}
