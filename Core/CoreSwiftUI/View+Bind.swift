#if canImport(SwiftUI)
  public import Core
  public import SwiftUI

  extension View {
    /// Binds an interactor whose view leads nowhere, as CleanKit's `.bind` does.
    ///
    /// On the view's first appearance `setup` runs, then the interactor's `prepare()`,
    /// once. Errors go to `onError`, then to the nearest `onInteractorError`; busy
    /// changes to `onBusy`, else to the nearest `onInteractorBusy`. When the view is
    /// released its interactor is torn down (tasks and observations end).
    ///
    /// An interactor whose view model is a `NavigableViewModel` binds with
    /// `onNavigation:` (below), which says how each destination is shown; without it,
    /// such a binding does not compile, so no navigation intent goes unshown.
    ///
    /// ```swift
    /// List(interactor.viewModel.items) { … }
    ///   .bind(interactor) { interactor in
    ///     interactor.onSelect = onSelect  // wired before prepare()
    ///   }
    /// ```
    ///
    /// - Parameters:
    ///   - interactor: The view's interactor, usually held in `@State`.
    ///   - setup: Runs once, before `prepare()`, with the concrete interactor.
    ///   - onError: Sees errors first; returns true when it handled one.
    ///   - onBusy: Takes busy changes instead of the ambient handler.
    /// - Returns: The bound view.
    public func bind<V: ViewModel, I: Interactor<V>>(
      _ interactor: I,
      setup: ((I) -> Void)? = nil,
      onError: (@MainActor (any Error) -> Bool)? = nil,
      onBusy: (@MainActor (Bool) -> Void)? = nil
    ) -> some View where V.Destination == Never {
      modifier(
        BindModifier<V>(
          makeBinding: { ambient, token, _ in
            ScreenBinding(
              interactor, setup: setup, onError: onError, onBusy: onBusy, ambient: ambient,
              token: token)
          }))
    }

    /// Binds an interactor whose view model navigates; the view decides how each
    /// destination is shown.
    ///
    /// The interactor calls `navigate(to:)`, which puts the intent in the view model;
    /// the binding takes it from there at once, `onNavigation` maps its destination to
    /// a ``ViewPresentation``, and the view shows it. The intent's token
    /// (`observe(token, .didAppear)`) travels with the presented view and follows its
    /// appearance and disappearance.
    ///
    /// ```swift
    /// .bind(interactor) { destination in
    ///   switch destination {
    ///   case .detail(let id): .push { DetailView(id: id) }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - interactor: The view's interactor.
    ///   - setup: Runs once, before `prepare()`.
    ///   - onError: Sees errors first; returns true when it handled one.
    ///   - onBusy: Takes busy changes instead of the ambient handler.
    ///   - onNavigation: Maps each destination to how it is shown.
    /// - Returns: The bound view.
    public func bind<V: NavigableViewModel, I: Interactor<V>>(
      _ interactor: I,
      setup: ((I) -> Void)? = nil,
      onError: (@MainActor (any Error) -> Bool)? = nil,
      onBusy: (@MainActor (Bool) -> Void)? = nil,
      onNavigation: @escaping @MainActor (V.Destination) -> ViewPresentation
    ) -> some View {
      modifier(
        BindModifier<V>(
          makeBinding: { ambient, token, presentations in
            ScreenBinding(
              interactor, setup: setup, onError: onError, onBusy: onBusy,
              onNavigation: { intent in
                presentations.show(onNavigation(intent.destination), token: intent.token)
                return true
              },
              ambient: ambient, token: token)
          }))
    }
  }

  private struct NavigationTokenKey: EnvironmentKey {
    static let defaultValue: NavigationToken? = nil
  }

  extension EnvironmentValues {
    /// The token of the navigation that presented the views below, if any.
    var navigationToken: NavigationToken? {
      get { self[NavigationTokenKey.self] }
      set { self[NavigationTokenKey.self] = newValue }
    }
  }

  /// Keeps a view's binding for as long as SwiftUI keeps the view's state, and tears
  /// the interactor down when it is released.
  @MainActor
  final class BindingHolder<V: ViewModel> {
    var binding: ScreenBinding<V>?

    deinit {
      // deinit is not isolated; the binding (a main-actor class, so Sendable) is torn
      // down on the main actor right after.
      if let binding {
        Task { @MainActor in binding.teardown() }
      }
    }
  }

  /// The modifier behind `bind`: one binding per view identity, presentations shown
  /// from its navigation handler.
  struct BindModifier<V: ViewModel>: ViewModifier {
    typealias MakeBinding =
      @MainActor (
        AmbientHandlers, NavigationToken?, PresentationState
      ) -> ScreenBinding<V>

    let makeBinding: MakeBinding

    @Environment(\.interactorAmbient) private var ambient
    @Environment(\.navigationToken) private var token
    @State private var holder = BindingHolder<V>()
    @State private var presentations = PresentationState()

    func body(content: Content) -> some View {
      content
        .onAppear {
          let binding = holder.binding ?? makeBinding(ambient, token, presentations)
          holder.binding = binding
          binding.ambient = ambient
          binding.appear()
        }
        .onDisappear { holder.binding?.disappear() }
        .modifier(PresentationsModifier(state: presentations))
    }
  }
#endif
