#if canImport(SwiftUI)
  import BlueprintTodoFeatures
  import BlueprintTodoModel
  import Core
  import CoreSwiftUI
  import SwiftUI

  /// The todo list in SwiftUI, driving the same ``TodoListInteractor`` as the
  /// terminal's `TodoListScreen`, unchanged: the interactor loads, filters, adds,
  /// toggles, deletes and undoes; this view only shows its view model and forwards
  /// taps and typing.
  struct TodoListView: View {
    @State private var interactor: TodoListInteractor
    @State private var newTodo = ""
    @State private var errorMessage: String?
    private let store: TodoStore
    @Environment(\.theme) private var theme

    /// Creates the screen over a store.
    ///
    /// - Parameters:
    ///   - store: Where the list lives.
    ///   - displayName: The name the header greets, if any.
    init(store: TodoStore, displayName: String? = nil) {
      self.store = store
      _interactor = State(initialValue: TodoListInteractor(store: store, displayName: displayName))
    }

    var body: some View {
      let model = interactor.viewModel
      LoadableView(model.todos) { _ in
        list(model)
      } empty: {
        ContentUnavailableView("Nothing to do", systemImage: "checklist")
      }
      .navigationTitle("Todos")
      .searchable(text: filter(model))
      .safeAreaInset(edge: .bottom) { addBar(status: model.status) }
      .toolbar {
        Button {
          interactor.undo()
        } label: {
          Label("Undo", systemImage: "arrow.uturn.backward")
        }
      }
      .tint(Color(token: theme.palette.accent))
      .bind(
        interactor,
        onError: { error in
          errorMessage = TodoErrorText.message(for: error)
          return true
        }
      ) { destination in
        switch destination {
        case .detail(let id), .priority(let id):
          .push {
            TodoDetailView(id: id, store: store, onChange: { interactor.reload() })
          }
        case .confirmDelete(let id):
          .confirmationDialog("Delete “\(interactor.title(of: id))”?") {
            Button("Delete", role: .destructive) { interactor.delete(id: id) }
            Button("Cancel", role: .cancel) {}
          }
        }
      }
      .alert(
        "Something went wrong", isPresented: isShowingError,
        actions: { Button("OK") { errorMessage = nil } },
        message: { Text(errorMessage ?? "") })
    }

    private func list(_ model: TodoListModel) -> some View {
      List {
        Section {
          ForEach(Array(model.visible.enumerated()), id: \.element.id) { entry in
            row(entry.element, at: entry.offset)
          }
          .onDelete { offsets in
            if let index = offsets.first { requestDelete(at: index) }
          }
        } header: {
          Text(header(model))
        }
      }
    }

    private func requestDelete(at index: Int) {
      interactor.select(index)
      interactor.requestDelete()
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
        .accessibilityLabel(item.isDone ? "Reopen" : "Done")
        Button {
          interactor.select(index)
          interactor.openSelected()
        } label: {
          // The row's columns as the model declares them for every shell.
          ListColumnsLabel(item, columns: TodoField.listRow(today: interactor.viewModel.today))
        }
        .buttonStyle(.borderless)
      }
      .contextMenu {
        Button("Delete", role: .destructive) { requestDelete(at: index) }
      }
    }

    /// The field at the bottom: the quick syntax (`Buy milk due:tomorrow +shop !high`)
    /// as in the terminal, and the interactor's one-line status under it.
    private func addBar(status: String?) -> some View {
      VStack(alignment: .leading, spacing: 4) {
        TextField("New todo — e.g. Buy milk due:tomorrow +shop !high", text: $newTodo)
          .textFieldStyle(.roundedBorder)
          .onSubmit {
            // A refused text (a bad date) stays for correcting; the alert says why.
            if interactor.add(text: newTodo) { newTodo = "" }
          }
        if let status {
          Text(status).font(.caption).foregroundStyle(Color(token: theme.palette.secondaryText))
        }
      }
      .padding(.all, \.md)
      // The bar's colour runs on under the home indicator, not behind the list.
      .background(Color(token: theme.palette.surface), ignoresSafeAreaEdges: .bottom)
    }

    /// The header: the greeting and the counts, as the terminal's.
    private func header(_ model: TodoListModel) -> String {
      let name = model.displayName?.trimmingCharacters(in: .whitespaces) ?? ""
      return (name.isEmpty ? "" : "Hello, \(name). ") + model.counts.summary
    }

    /// The search field writes straight to the interactor's filter.
    private func filter(_ model: TodoListModel) -> Binding<String> {
      Binding(get: { model.filter }, set: { interactor.setFilter($0) })
    }

    private var isShowingError: Binding<Bool> {
      Binding(get: { errorMessage != nil }, set: { if !$0 { errorMessage = nil } })
    }
  }
#endif
