public import CoreBase
public import Observation

// MARK: - View model

/// A picker for one value among a few: the choices and which one is selected.
@MainActor @Observable
public final class ChoicePickerModel: ViewModel {
  /// What is being chosen, e.g. `appearance` or `Priority`.
  public let title: String
  /// One line saying what the choice means.
  public var summary: String
  /// The choices, in order.
  public let choices: [String]
  /// The value in effect; marked in the list. `nil` until a picker that reads it
  /// from a store has read it.
  public var current: String?
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

  /// Shows what was read after the picker opened: the summary and the value in
  /// effect, which becomes the selection.
  ///
  /// - Parameters:
  ///   - summary: One line saying what the choice means.
  ///   - current: The value in effect.
  public func show(summary: String, current: String?) {
    self.summary = summary
    self.current = current
    if let index = current.flatMap({ choices.firstIndex(of: $0) }) { selection = index }
  }
}

// MARK: - Interactor

/// Reads the value in effect and stores the chosen value, through closures the app
/// gives.
///
/// Both run as tasks under the busy state: a read or a save that waits for the disk
/// or a store's lock (run it off the main actor, e.g. with Core's `BlockingWork`)
/// leaves the screen responsive, and the picker closes once the choice is stored.
/// While the value in effect is being read, choosing is ignored.
public final class ChoicePickerInteractor: Interactor<ChoicePickerModel> {
  /// What `load` reads: the summary to show and the value in effect.
  public typealias Loaded = (summary: String, current: String?)

  private let load: (@MainActor () async throws -> Loaded)?
  private let store: @MainActor (String) async throws -> Void
  /// Set by the screen: runs after a value was stored (closes the screen).
  public var onChosen: (() -> Void)?

  /// Creates the interactor.
  ///
  /// - Parameters:
  ///   - model: The choices and the value in effect (or what to show until it is read).
  ///   - load: Reads the summary and the value in effect when the picker first
  ///     appears, if they come from a store; an error goes to the error chain.
  ///   - store: Stores a choice; an error goes to the error chain and keeps the
  ///     picker open.
  public init(
    model: ChoicePickerModel, load: (@MainActor () async throws -> Loaded)? = nil,
    store: @escaping @MainActor (String) async throws -> Void
  ) {
    self.load = load
    self.store = store
    super.init(viewModel: model)
  }

  /// Reads the value in effect, when the picker was given a way to.
  public override func prepare() {
    guard let load else { return }
    asyncTask { [viewModel] in
      let loaded = try await load()
      viewModel.show(summary: loaded.summary, current: loaded.current)
    }
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
/// <!-- doc-test: context
/// enum Route: Hashable { case settings }
/// func save(_ choice: String) throws {}
/// @MainActor func screen(context: ScreenContext<Route>) -> any TerminalScreen {
/// // after the block:
/// }
/// -->
/// ```swift
/// return ChoicePickerScreen(
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
  ///   - model: The choices and the value in effect (or what to show until it is read).
  ///   - context: The stack's context for this screen.
  ///   - load: Reads the summary and the value in effect when the picker first
  ///     appears (off the main actor, e.g. with `BlockingWork.read`); the screen
  ///     shows busy meanwhile.
  ///   - store: Stores a choice.
  public init(
    model: ChoicePickerModel, context: ScreenContext<Route>,
    load: (@MainActor () async throws -> ChoicePickerInteractor.Loaded)? = nil,
    store: @escaping @MainActor (String) async throws -> Void
  ) {
    interactor = ChoicePickerInteractor(model: model, load: load, store: store)
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
    // A read that finished after the screen opened moved the selection to the value.
    if list.selection != model.selection { list.select(model.selection, count: choices.count) }
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
    let model = interactor.viewModel
    let handled = list.handle(event, count: model.choices.count)
    model.selection = list.selection
    return handled
  }
}
