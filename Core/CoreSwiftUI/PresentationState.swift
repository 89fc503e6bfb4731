#if canImport(SwiftUI)
  import Core
  import Foundation
  import Observation
  import SwiftUI

  /// What a bound view is presenting now, one slot per SwiftUI presentation.
  ///
  /// The binding's navigation handler fills a slot; the modifier shows it; the slot's
  /// `isShown` setter (driven by SwiftUI when the user dismisses) clears it.
  @MainActor @Observable
  final class PresentationState {
    struct Shown {
      var presentation: ViewPresentation
      var token: NavigationToken
    }

    var push: Shown?
    var sheet: Shown?
    var cover: Shown?
    var alert: Shown?
    var dialog: Shown?
    var quickLookURL: URL?
    var importer: Shown?

    /// Shows a presentation; `perform` runs at once.
    func show(_ presentation: ViewPresentation, token: NavigationToken) {
      let shown = Shown(presentation: presentation, token: token)
      switch presentation.style {
      case .push: push = shown
      case .sheet: sheet = shown
      case .fullScreenCover: cover = shown
      case .alert:
        alert = shown
        token.reportAppeared()
      case .confirmationDialog:
        dialog = shown
        token.reportAppeared()
      case .perform(let action): action()
      case .quickLook(let url): quickLookURL = url
      case .fileImporter: importer = shown
      }
    }

    var isPushShown: Bool {
      get { push != nil }
      set { if !newValue { push = nil } }
    }

    var isSheetShown: Bool {
      get { sheet != nil }
      set { if !newValue { sheet = nil } }
    }

    var isCoverShown: Bool {
      get { cover != nil }
      set { if !newValue { cover = nil } }
    }

    var isAlertShown: Bool {
      get { alert != nil }
      set {
        guard !newValue, let shown = alert else { return }
        alert = nil
        shown.token.reportDisappeared()
      }
    }

    var isDialogShown: Bool {
      get { dialog != nil }
      set {
        guard !newValue, let shown = dialog else { return }
        dialog = nil
        shown.token.reportDisappeared()
      }
    }

    var isImporterShown: Bool {
      get { importer != nil }
      set { if !newValue { importer = nil } }
    }
  }

  extension View {
    /// Reports the view's appearances and disappearances to a navigation token.
    func reporting(to token: NavigationToken?) -> some View {
      onAppear { token?.reportAppeared() }
        .onDisappear { token?.reportDisappeared() }
    }
  }
#endif
