/// What an interactor tells when it puts an intent in its view model's
/// ``NavigableViewModel/navigation``: the binding that presents it.
///
/// The intent itself never passes through here — the presenter reads it from the view
/// model, with its static type — so no cast can fail.
@MainActor
protocol NavigationPresenter: AnyObject {
  /// Presents and clears the view model's pending intent, if there is one.
  func presentNavigation()
}
