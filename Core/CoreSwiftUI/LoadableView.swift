#if canImport(SwiftUI)
  public import Core
  public import SwiftUI

  /// Shows a ``Loadable``: you give the loaded content; loading, failed and (for
  /// collections) empty have defaults you can replace.
  ///
  /// ```swift
  /// LoadableView(vm.feed) { posts in
  ///   List(posts) { PostRow(post: $0) }
  /// } loading: {
  ///   ProgressView()
  /// } failed: { error in
  ///   Text(error.localizedDescription)
  /// } empty: {
  ///   ContentUnavailableView("No posts", systemImage: "tray")
  /// }
  /// ```
  ///
  /// `.idle` and a first load show `loading`; a reload that keeps the previous value
  /// shows it with `loading` over it; a failure with a kept value shows it with
  /// `failed` under it.
  public struct LoadableView<Value, Content: View, Loading: View, Failed: View, Empty: View>: View {
    private let loadable: Loadable<Value>
    private let isEmpty: (Value) -> Bool
    private let content: (Value) -> Content
    private let loading: () -> Loading
    private let failed: (any Error) -> Failed
    private let empty: () -> Empty

    init(
      _ loadable: Loadable<Value>, isEmpty: @escaping (Value) -> Bool,
      content: @escaping (Value) -> Content, loading: @escaping () -> Loading,
      failed: @escaping (any Error) -> Failed, empty: @escaping () -> Empty
    ) {
      self.loadable = loadable
      self.isEmpty = isEmpty
      self.content = content
      self.loading = loading
      self.failed = failed
      self.empty = empty
    }

    /// The view for the current state.
    public var body: some View {
      switch loadable {
      case .idle, .loading(previous: nil):
        loading()
      case .loading(let previous?):
        content(previous).overlay { loading() }
      case .loaded(let value):
        if isEmpty(value) { empty() } else { content(value) }
      case .failed(let error, previous: nil):
        failed(error)
      case .failed(let error, let previous?):
        content(previous).safeAreaInset(edge: .bottom) { failed(error) }
      }
    }
  }

  /// The default rendering of a failed load: a warning sign and the error's message.
  public struct LoadableFailureView: View {
    let error: any Error

    /// Creates the view.
    ///
    /// - Parameter error: The failure.
    public init(_ error: any Error) { self.error = error }

    /// A warning sign and the message.
    public var body: some View {
      Label(String(describing: error), systemImage: "exclamationmark.triangle")
        .foregroundStyle(.secondary)
        .padding()
    }
  }

  /// The default loading indicator.
  public typealias LoadableProgress = ProgressView<EmptyView, EmptyView>

  // MARK: - Any value

  extension LoadableView
  where
    Loading == LoadableProgress, Failed == LoadableFailureView,
    Empty == EmptyView
  {
    /// A view with the default loading and failed renderings.
    ///
    /// - Parameters:
    ///   - loadable: The state to show.
    ///   - content: The loaded value's view.
    public init(_ loadable: Loadable<Value>, @ViewBuilder content: @escaping (Value) -> Content) {
      self.init(
        loadable, isEmpty: { _ in false }, content: content, loading: { ProgressView() },
        failed: { LoadableFailureView($0) }, empty: { EmptyView() })
    }
  }

  extension LoadableView where Failed == LoadableFailureView, Empty == EmptyView {
    /// A view with its own loading rendering.
    ///
    /// - Parameters:
    ///   - loadable: The state to show.
    ///   - content: The loaded value's view.
    ///   - loading: Shown while loading.
    public init(
      _ loadable: Loadable<Value>, @ViewBuilder content: @escaping (Value) -> Content,
      @ViewBuilder loading: @escaping () -> Loading
    ) {
      self.init(
        loadable, isEmpty: { _ in false }, content: content, loading: loading,
        failed: { LoadableFailureView($0) }, empty: { EmptyView() })
    }
  }

  extension LoadableView where Loading == LoadableProgress, Empty == EmptyView {
    /// A view with its own failed rendering.
    ///
    /// - Parameters:
    ///   - loadable: The state to show.
    ///   - content: The loaded value's view.
    ///   - failed: Shown when the load failed.
    public init(
      _ loadable: Loadable<Value>, @ViewBuilder content: @escaping (Value) -> Content,
      @ViewBuilder failed: @escaping (any Error) -> Failed
    ) {
      self.init(
        loadable, isEmpty: { _ in false }, content: content, loading: { ProgressView() },
        failed: failed, empty: { EmptyView() })
    }
  }

  extension LoadableView where Empty == EmptyView {
    /// A view with its own loading and failed renderings.
    ///
    /// - Parameters:
    ///   - loadable: The state to show.
    ///   - content: The loaded value's view.
    ///   - loading: Shown while loading.
    ///   - failed: Shown when the load failed.
    public init(
      _ loadable: Loadable<Value>, @ViewBuilder content: @escaping (Value) -> Content,
      @ViewBuilder loading: @escaping () -> Loading,
      @ViewBuilder failed: @escaping (any Error) -> Failed
    ) {
      self.init(
        loadable, isEmpty: { _ in false }, content: content, loading: loading, failed: failed,
        empty: { EmptyView() })
    }
  }

  // MARK: - Collections

  extension LoadableView
  where Value: Collection, Loading == LoadableProgress, Failed == LoadableFailureView {
    /// A view of a collection with its own empty rendering.
    ///
    /// - Parameters:
    ///   - loadable: The state to show.
    ///   - content: The loaded collection's view.
    ///   - empty: Shown when the loaded collection is empty.
    public init(
      _ loadable: Loadable<Value>, @ViewBuilder content: @escaping (Value) -> Content,
      @ViewBuilder empty: @escaping () -> Empty
    ) {
      self.init(
        loadable, isEmpty: \.isEmpty, content: content, loading: { ProgressView() },
        failed: { LoadableFailureView($0) }, empty: empty)
    }
  }

  extension LoadableView where Value: Collection, Failed == LoadableFailureView {
    /// A view of a collection with its own loading and empty renderings.
    ///
    /// - Parameters:
    ///   - loadable: The state to show.
    ///   - content: The loaded collection's view.
    ///   - loading: Shown while loading.
    ///   - empty: Shown when the loaded collection is empty.
    public init(
      _ loadable: Loadable<Value>, @ViewBuilder content: @escaping (Value) -> Content,
      @ViewBuilder loading: @escaping () -> Loading, @ViewBuilder empty: @escaping () -> Empty
    ) {
      self.init(
        loadable, isEmpty: \.isEmpty, content: content, loading: loading,
        failed: { LoadableFailureView($0) }, empty: empty)
    }
  }

  extension LoadableView where Value: Collection, Loading == LoadableProgress {
    /// A view of a collection with its own failed and empty renderings.
    ///
    /// - Parameters:
    ///   - loadable: The state to show.
    ///   - content: The loaded collection's view.
    ///   - failed: Shown when the load failed.
    ///   - empty: Shown when the loaded collection is empty.
    public init(
      _ loadable: Loadable<Value>, @ViewBuilder content: @escaping (Value) -> Content,
      @ViewBuilder failed: @escaping (any Error) -> Failed,
      @ViewBuilder empty: @escaping () -> Empty
    ) {
      self.init(
        loadable, isEmpty: \.isEmpty, content: content, loading: { ProgressView() },
        failed: failed, empty: empty)
    }
  }

  extension LoadableView where Value: Collection {
    /// A view of a collection with all four renderings given.
    ///
    /// - Parameters:
    ///   - loadable: The state to show.
    ///   - content: The loaded collection's view.
    ///   - loading: Shown while loading.
    ///   - failed: Shown when the load failed.
    ///   - empty: Shown when the loaded collection is empty.
    public init(
      _ loadable: Loadable<Value>, @ViewBuilder content: @escaping (Value) -> Content,
      @ViewBuilder loading: @escaping () -> Loading,
      @ViewBuilder failed: @escaping (any Error) -> Failed,
      @ViewBuilder empty: @escaping () -> Empty
    ) {
      self.init(
        loadable, isEmpty: \.isEmpty, content: content, loading: loading, failed: failed,
        empty: empty)
    }
  }
#endif
