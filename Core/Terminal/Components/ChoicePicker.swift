public import Core
public import Observation

// MARK: - View model

/// A picker for one value among a few: the choices and which one is selected.
@MainActor @Observable
public final class ChoicePickerModel: ViewModel {
  /// What is being chosen, e.g. `appearance` or `Priority`.
  public let title: String
  /// One line saying what the choice means.
  public let summary: String
  /// The choices, in order.
  public let choices: [String]
  /// The value in effect when the picker opened; marked in the list.
  public let current: String?
  /// The highlighted choice.
  public var selection: Int

  /// Creates the model, with the value in effect selected (else the first choice).
  ///
  /// - Parameters:
  ///   - title: What is being chosen.
  ///   - summary: One line saying what the choice means.
  ///   - choices: The choices, in order.
  ///   - current: The value in effect.
  public init(title: String, summary: String, choices: [String], current: String?) {
    self.title = title
    self.summary = summary
    self.choices = choices
    self.current = current
    selection = current.flatMap { choices.firstIndex(of: $0) } ?? 0
  }
}

// MARK: - Interactor

/// Stores the chosen value through a closure the app gives.
///
/// The closure runs as a task under the busy state: a save that waits for a store's
/// lock (run it off the main actor, e.g. with Core's `BlockingWork`) leaves the
/// screen responsive, and the picker closes once it is stored.
public final class ChoicePickerInteractor: Interactor<ChoicePickerModel> {
  private let store: @MainActor (String) async throws -> Void
  /// Set by the screen: runs after a value was stored (closes the screen).
  public var onChosen: (() -> Void)?

  /// Creates the interactor.
  ///
  /// - Parameters:
  ///   - model: The choices and the value in effect.
  ///   - store: Stores a choice; an error goes to the error chain and keeps the
  ///     picker open.
  public init(
    model: ChoicePickerModel, store: @escaping @MainActor (String) async throws -> Void
  ) {
    self.store = store
    super.init(viewModel: model)
  }

  /// Stores the choice at `index`; ignored while an earlier choice is being stored.
  ///
  /// - Parameter index: An index into the choices; others are ignored.
  public func choose(_ index: Int) {
    let choices = viewModel.choices
    guard choices.indices.contains(index), !isBusy else { return }
    viewModel.selection = index
    asyncTask { [store] in
      try await store(choices[index])
      self.onChosen?()
    }
  }
}

// MARK: - Terminal screen

/// A screen that picks one value: ↑↓ and Enter; the value in effect is marked `●`.
///
/// ```swift
/// ChoicePickerScreen(
///   model: ChoicePickerModel(
///     title: "Priority", summary: "How important it is.",
///     choices: ["none", "low", "medium", "high"], current: "low"),
///   context: context
/// ) { choice in try save(choice) }
/// ```
public final class ChoicePickerScreen<Route: Hashable & Sendable>: TerminalScreen {
  /// The picker's logic.
  public let interactor: ChoicePickerInteractor
  private var list = ListView()

  /// Creates the screen and binds its interactor; choosing closes it.
  ///
  /// - Parameters:
  ///   - model: The choices and the value in effect.
  ///   - context: The stack's context for this screen.
  ///   - store: Stores a choice.
  public init(
    model: ChoicePickerModel, context: ScreenContext<Route>,
    store: @escaping @MainActor (String) async throws -> Void
  ) {
    interactor = ChoicePickerInteractor(model: model, store: store)
    list.select(model.selection, count: model.choices.count)
    context.bind(
      interactor,
      setup: { [weak context] interactor in
        interactor.onChosen = {
          context?.dismiss()
        }
      })
  }

  /// The thing being chosen.
  public var title: String { interactor.viewModel.title }

  /// ↑↓ moves, Enter chooses.
  public var keyBindings: [KeyBinding] {
    [
      KeyBinding(keys: [.up, .down], "Move", label: "↑↓"),
      KeyBinding(.enter, "Choose") { [unowned self] in interactor.choose(list.selection) },
    ]
  }

  /// Draws the summary and the choices.
  public func render(into frame: inout Frame, area: Rect) {
    let model = interactor.viewModel
    frame.draw(
      model.summary, row: area.row + 1, column: area.column + 2, in: area, style: .secondary)
    let choices = model.choices
    guard area.height > 3 else { return }
    let listArea = Rect(
      row: area.row + 3, column: area.column + 1, width: min(30, area.width - 2),
      height: max(1, min(choices.count, area.height - 3)))
    list.render(into: &frame, area: listArea, count: choices.count) { index in
      ListRow((choices[index] == model.current ? "● " : "○ ") + choices[index])
    }
  }

  /// Moves the selection.
  public func handle(_ event: InputEvent) -> Bool {
    list.handle(event, count: interactor.viewModel.choices.count)
  }
}
