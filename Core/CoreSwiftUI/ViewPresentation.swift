#if canImport(SwiftUI)
  public import Foundation
  public import SwiftUI
  #if os(iOS) || os(macOS) || os(visionOS)
    public import UniformTypeIdentifiers
  #endif

  /// How a view shows a navigation destination: what the closure given to
  /// `.bind(interactor) { destination in … }` returns. CleanKit calls this type
  /// `IntentPresentation`; in Blueprint that name is the shell-neutral enum an
  /// interactor may pass to `navigate(to:presentation:)`.
  ///
  /// ```swift
  /// .bind(interactor) { destination in
  ///   switch destination {
  ///   case .detail(let id): .push { DetailView(id: id) }
  ///   case .settings: .sheet { SettingsView() }
  ///   case .confirmDelete: .alert("Delete?") { Button("Delete", role: .destructive) { … } }
  ///   }
  /// }
  /// ```
  ///
  /// `.fullScreenCover` exists everywhere but macOS, `.quickLook` where QuickLook is
  /// available (iOS, macOS, visionOS), and `.fileImporter` on iOS, macOS and visionOS.
  public struct ViewPresentation {
    enum Style {
      case push
      case sheet
      case fullScreenCover
      case alert
      case confirmationDialog
      case perform(@MainActor () -> Void)
      case quickLook(URL)
      case fileImporter(FileImport)
    }

    let style: Style
    let title: String
    let content: @MainActor () -> AnyView
    let message: @MainActor () -> AnyView

    init(
      _ style: Style, title: String = "",
      content: @escaping @MainActor () -> AnyView = { AnyView(EmptyView()) },
      message: @escaping @MainActor () -> AnyView = { AnyView(EmptyView()) }
    ) {
      self.style = style
      self.title = title
      self.content = content
      self.message = message
    }

    /// Pushes the content onto the enclosing `NavigationStack` (a ``RouterView``).
    ///
    /// - Parameter content: The destination's view.
    /// - Returns: The presentation.
    public static func push<Content: View>(
      @ViewBuilder _ content: @escaping @MainActor () -> Content
    ) -> ViewPresentation {
      ViewPresentation(.push, content: { AnyView(content()) })
    }

    /// Shows the content as a sheet.
    ///
    /// - Parameter content: The destination's view.
    /// - Returns: The presentation.
    public static func sheet<Content: View>(
      @ViewBuilder _ content: @escaping @MainActor () -> Content
    ) -> ViewPresentation {
      ViewPresentation(.sheet, content: { AnyView(content()) })
    }

    /// An alert with a title and buttons.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - actions: The buttons; an empty builder gives one "OK".
    /// - Returns: The presentation.
    public static func alert<Actions: View>(
      _ title: String, @ViewBuilder actions: @escaping @MainActor () -> Actions
    ) -> ViewPresentation {
      ViewPresentation(.alert, title: title, content: { AnyView(actions()) })
    }

    /// An alert with a title, buttons and a message.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - actions: The buttons.
    ///   - message: The message under the title.
    /// - Returns: The presentation.
    public static func alert<Actions: View, Message: View>(
      _ title: String, @ViewBuilder actions: @escaping @MainActor () -> Actions,
      @ViewBuilder message: @escaping @MainActor () -> Message
    ) -> ViewPresentation {
      ViewPresentation(
        .alert, title: title, content: { AnyView(actions()) }, message: { AnyView(message()) })
    }

    /// A confirmation dialog: a question and the actions to choose from.
    ///
    /// - Parameters:
    ///   - title: The question, shown as the dialog's title.
    ///   - actions: The buttons; SwiftUI adds a cancel button when none has that role.
    /// - Returns: The presentation.
    public static func confirmationDialog<Actions: View>(
      _ title: String, @ViewBuilder actions: @escaping @MainActor () -> Actions
    ) -> ViewPresentation {
      ViewPresentation(.confirmationDialog, title: title, content: { AnyView(actions()) })
    }

    /// A confirmation dialog with a message.
    ///
    /// - Parameters:
    ///   - title: The question.
    ///   - actions: The buttons.
    ///   - message: More detail under the title.
    /// - Returns: The presentation.
    public static func confirmationDialog<Actions: View, Message: View>(
      _ title: String, @ViewBuilder actions: @escaping @MainActor () -> Actions,
      @ViewBuilder message: @escaping @MainActor () -> Message
    ) -> ViewPresentation {
      ViewPresentation(
        .confirmationDialog, title: title, content: { AnyView(actions()) },
        message: { AnyView(message()) })
    }

    /// No view: runs `action`, e.g. to open a URL.
    ///
    /// - Parameter action: What to do.
    /// - Returns: The presentation.
    public static func perform(_ action: @escaping @MainActor () -> Void) -> ViewPresentation {
      ViewPresentation(.perform(action))
    }
  }

  // MARK: - Platform-gated styles

  #if !os(macOS)
    extension ViewPresentation {
      /// Shows the content over the whole screen (not on macOS).
      ///
      /// - Parameter content: The destination's view.
      /// - Returns: The presentation.
      public static func fullScreenCover<Content: View>(
        @ViewBuilder _ content: @escaping @MainActor () -> Content
      ) -> ViewPresentation {
        ViewPresentation(.fullScreenCover, content: { AnyView(content()) })
      }
    }
  #endif

  #if canImport(QuickLook)
    extension ViewPresentation {
      /// Previews a file with QuickLook (where QuickLook is available).
      ///
      /// - Parameter url: The file to preview.
      /// - Returns: The presentation.
      public static func quickLook(_ url: URL) -> ViewPresentation {
        ViewPresentation(.quickLook(url))
      }
    }
  #endif

  /// The request behind ``ViewPresentation/fileImporter(allowedContentTypes:onCompletion:)``.
  struct FileImport {
    #if os(iOS) || os(macOS) || os(visionOS)
      var allowedContentTypes: [UTType]
    #endif
    var onCompletion: @MainActor (Result<URL, any Error>) -> Void
  }

  #if os(iOS) || os(macOS) || os(visionOS)
    extension ViewPresentation {
      /// Lets the user pick a file (iOS, macOS and visionOS).
      ///
      /// - Parameters:
      ///   - allowedContentTypes: The types the user may pick.
      ///   - onCompletion: Receives the picked file's URL, or the error.
      /// - Returns: The presentation.
      public static func fileImporter(
        allowedContentTypes: [UTType],
        onCompletion: @escaping @MainActor (Result<URL, any Error>) -> Void
      ) -> ViewPresentation {
        ViewPresentation(
          .fileImporter(
            FileImport(allowedContentTypes: allowedContentTypes, onCompletion: onCompletion)))
      }
    }
  #endif
#endif
