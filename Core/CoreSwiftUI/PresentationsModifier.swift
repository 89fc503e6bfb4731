#if canImport(SwiftUI)
  import Core
  import SwiftUI
  #if canImport(QuickLook)
    import QuickLook
  #endif

  /// Shows what a ``PresentationState`` holds with SwiftUI's own presentations; each
  /// shown view reports its appearances to the navigation's token.
  struct PresentationsModifier: ViewModifier {
    @Bindable var state: PresentationState

    func body(content: Content) -> some View {
      content
        .navigationDestination(isPresented: $state.isPushShown) {
          Self.destination(state.push)
        }
        .sheet(isPresented: $state.isSheetShown) {
          Self.destination(state.sheet)
        }
        .alert(
          Text(verbatim: state.alert?.presentation.title ?? ""),
          isPresented: $state.isAlertShown
        ) {
          state.alert?.presentation.content()
        } message: {
          state.alert?.presentation.message()
        }
        .confirmationDialog(
          Text(verbatim: state.dialog?.presentation.title ?? ""),
          isPresented: $state.isDialogShown, titleVisibility: .visible
        ) {
          state.dialog?.presentation.content()
        } message: {
          state.dialog?.presentation.message()
        }
        .modifier(PlatformPresentationsModifier(state: state))
    }

    @MainActor @ViewBuilder
    static func destination(_ shown: PresentationState.Shown?) -> some View {
      if let shown {
        shown.presentation.content()
          .environment(\.navigationToken, shown.token)
          .reporting(to: shown.token)
      }
    }
  }

  /// The presentations some platforms lack: full-screen cover (not macOS), QuickLook
  /// (where it exists), file importer (iOS, macOS, visionOS).
  struct PlatformPresentationsModifier: ViewModifier {
    @Bindable var state: PresentationState

    func body(content: Content) -> some View {
      content
        #if !os(macOS)
          .fullScreenCover(isPresented: $state.isCoverShown) {
            PresentationsModifier.destination(state.cover)
          }
        #endif
        #if canImport(QuickLook)
          .quickLookPreview($state.quickLookURL)
        #endif
        #if os(iOS) || os(macOS) || os(visionOS)
          .fileImporter(
            isPresented: $state.isImporterShown,
            allowedContentTypes: importRequest?.allowedContentTypes ?? []
          ) { result in
            importRequest?.onCompletion(result)
          }
        #endif
    }

    private var importRequest: FileImport? {
      guard case .fileImporter(let request)? = state.importer?.presentation.style else {
        return nil
      }
      return request
    }
  }
#endif
