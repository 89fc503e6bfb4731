#if canImport(SwiftUI)
  import BlueprintTodoModel
  import Core
  import CoreSwiftUI
  import Foundation
  import SwiftUI

  /// The todo list screen in SwiftUI, driving the same ``TodoListInteractor`` as the
  /// terminal's `TodoListScreen` — unchanged: the proof that interactors are
  /// shell-neutral.
  ///
  /// Compiled on Apple platforms only (it is checked by the Apple CI jobs; on Linux
  /// `.ci/parse-swiftui` parses it). Show it from an app target that owns a
  /// ``TodoStore``:
  ///
  /// ```swift
  /// WindowGroup {
  ///   NavigationStack { TodoListView(store: TodoStore(directory: folder)) }
  /// }
  /// ```
  struct TodoListView: View {
    @State private var interactor: TodoListInteractor
    @State private var newTitle = ""
    @State private var filter = ""
    /// The model's error the alert shows, worded by `TodoError+Alert.swift`.
    @State private var failure: TodoError?

    /// Creates the screen over a store.
    ///
    /// - Parameter store: Where the list lives.
    init(store: TodoStore) {
      _interactor = State(initialValue: TodoListInteractor(store: store))
    }

    var body: some View {
      let model = interactor.viewModel
      LoadableView(model.todos) { _ in
        List {
          ForEach(Array(model.visible.enumerated()), id: \.element.id) { entry in
            row(entry.element, at: entry.offset)
          }
          .onDelete { offsets in
            if let index = offsets.first { requestDelete(at: index) }
          }
        }
      } empty: {
        ContentUnavailableView("Nothing to do", systemImage: "checklist")
      }
      .navigationTitle("Todo — \(model.counts.open) open")
      .searchable(text: $filter)
      .onChange(of: filter) { _, text in interactor.setFilter(text) }
      .safeAreaInset(edge: .bottom) { addField }
      .alert(
        failure?.alertTitle ?? "", isPresented: isShowingFailure, presenting: failure
      ) { _ in
        Button("OK") {}
      } message: { failure in
        Text(failure.alertMessage)
      }
      .bind(interactor, onError: showFailure) { destination in
        switch destination {
        case .detail(let id), .priority(let id):
          .push { TodoSummaryView(item: model.todos.value?.first { $0.id == id }) }
        case .confirmDelete(let id):
          .confirmationDialog("Delete this todo?") {
            Button("Delete", role: .destructive) { interactor.delete(id: id) }
          }
        }
      }
    }

    private func row(_ item: TodoItem, at index: Int) -> some View {
      HStack {
        Button {
          interactor.select(index)
          interactor.toggleSelected()
        } label: {
          Image(systemName: item.isDone ? "checkmark.circle.fill" : "circle")
        }
        .buttonStyle(.borderless)
        Button(item.title) {
          interactor.select(index)
          interactor.openSelected()
        }
        .foregroundStyle(item.isDone ? Color.secondary : Color.primary)
      }
    }

    private var addField: some View {
      TextField("New todo", text: $newTitle)
        .onSubmit {
          interactor.add(title: newTitle)
          newTitle = ""
        }
        .textFieldStyle(.roundedBorder)
        .padding(.all, \.md)
    }

    /// The alert is shown while there is a failure; dismissing it clears it.
    private var isShowingFailure: Binding<Bool> {
      Binding(get: { failure != nil }, set: { if !$0 { failure = nil } })
    }

    /// Takes the model's errors for the alert; others go on to the ambient handler.
    private func showFailure(_ error: any Error) -> Bool {
      guard let error = error as? TodoError else { return false }
      failure = error
      return true
    }

    private func requestDelete(at index: Int) {
      interactor.select(index)
      interactor.requestDelete()
    }
  }

  /// What the pushed destination shows: the item's title and state.
  struct TodoSummaryView: View {
    let item: TodoItem?

    var body: some View {
      if let item {
        Text(item.title).font(.title).padding(.all, \.lg)
        Text(item.isDone ? "Done" : "Open").foregroundStyle(.secondary)
      } else {
        ContentUnavailableView("Gone", systemImage: "trash")
      }
    }
  }
#endif
