#if canImport(SwiftUI)
  import BlueprintTodoFeatures
  import BlueprintTodoModel
  import Core
  import CoreSwiftUI
  import SwiftUI

  /// One todo in SwiftUI, driving the same ``TodoDetailInteractor`` as the terminal's
  /// detail screen: the interactor holds the fields' text, checks what is typed and
  /// saves each field as one change; this view shows the fields and forwards typing.
  ///
  /// A field is saved with Return (the note with its button), as in the terminal.
  struct TodoDetailView: View {
    @State private var interactor: TodoDetailInteractor
    private let onChange: () -> Void
    @Environment(\.theme) private var theme

    /// Creates the screen for one item.
    ///
    /// - Parameters:
    ///   - id: The item's id.
    ///   - store: Where the list lives.
    ///   - onChange: Told after each save, so the list reloads.
    init(id: Int, store: TodoStore, onChange: @escaping () -> Void) {
      _interactor = State(initialValue: TodoDetailInteractor(id: id, store: store))
      self.onChange = onChange
    }

    var body: some View {
      let model = interactor.viewModel
      LoadableView(model.item) { item in
        Form {
          // One row per field of the model's table; a text of several lines (the
          // note) gets a section of its own, saved with its button.
          Section {
            ForEach(TodoDetailModel.Field.allCases.filter { $0.kind != .text }, id: \.self) {
              field in
              if field.kind == .priority {
                Picker(field.label, selection: text(field)) {
                  Text("none").tag("")
                  ForEach(Priority.allCases.reversed(), id: \.self) { priority in
                    Text(priority.name).tag(priority.name)
                  }
                }
              } else {
                self.field(field)
              }
            }
          }
          ForEach(TodoDetailModel.Field.allCases.filter { $0.kind == .text }, id: \.self) {
            field in
            Section(field.label) {
              TextField(field.label, text: text(field), axis: .vertical)
                .lineLimit(3...12)
              Button("Save \(field.label.lowercased())") { save(field) }
            }
          }
          Section {
            LabeledContent(
              "Status",
              value: item.isDone ? "done " + TodoItem.timestamp(item.completed ?? 0) : "open")
            LabeledContent("Created", value: TodoItem.timestamp(item.created))
          } footer: {
            if let status = model.status {
              Text(status)
                .foregroundStyle(
                  Color(
                    token: status == "saved" ? theme.palette.secondaryText : theme.palette.danger))
            }
          }
        }
      }
      .navigationTitle("#\(interactor.id)")
      .bind(interactor, setup: { $0.onChange = onChange })
    }

    /// A text field for `field`, saved with Return.
    private func field(_ field: TodoDetailModel.Field) -> some View {
      TextField(field.label, text: text(field))
        .onSubmit { save(field) }
    }

    /// The field's text as the interactor holds it; typing goes to the interactor,
    /// and choosing a priority saves it at once.
    private func text(_ field: TodoDetailModel.Field) -> Binding<String> {
      Binding(
        get: { interactor.viewModel.text[field] ?? "" },
        set: { text in
          interactor.focus(on: field)
          if !interactor.viewModel.isEditing { interactor.beginEditing() }
          interactor.setText(text)
          if field.kind == .priority { interactor.endEditing(save: true) }
        })
    }

    private func save(_ field: TodoDetailModel.Field) {
      interactor.focus(on: field)
      interactor.endEditing(save: true)
    }
  }
#endif
