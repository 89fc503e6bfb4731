public import Observation

/// A screen's state: passive, `@Observable`, changed only by its interactor.
///
/// A view model holds what the screen shows and nothing else — no logic, no async work.
/// Shells render it and re-render when Observation reports a change.
///
/// ```swift
/// @MainActor @Observable
/// final class TodoListModel: ViewModel {
///   var items: Loadable<[Todo]> = .idle
/// }
/// ```
@MainActor
public protocol ViewModel: AnyObject, Observable {}

/// A view model whose screen can lead to other screens.
///
/// The interactor sets ``navigation`` through ``Interactor/navigate(to:presentation:)``;
/// the shell shows the destination as the intent's presentation says, then clears it.
@MainActor
public protocol NavigableViewModel: ViewModel {
  /// Where this screen can lead, usually an enum of the app's routes or sheets.
  associatedtype Destination

  /// The pending request to show a destination, or nil.
  var navigation: NavigationIntent<Destination>? { get set }
}
