import Core
import CoreTesting
import Foundation
import Testing

/// The screen of Docs/Interactors.md and Docs/Navigation.md, run: loading, deleting,
/// navigating and exposure as the guides describe them, on a store of closures (the
/// guides show the todo sample's `TodoStore`; `.ci/guide-examples` type-checks them).
enum Guide {
  struct Todo: Identifiable, Hashable, Sendable {
    var id: Int
    var title: String
  }

  enum TodoRoute: Hashable, Codable, Sendable {
    case item(id: Int)
    case edit(id: Int)
  }

  /// What the screen needs from storage: a struct of closures, live or in memory.
  struct TodoStore: Sendable {
    var all: @Sendable () async throws -> [Todo]
    var delete: @Sendable (_ id: Int) async throws -> Void
  }

  @MainActor
  @Observable
  final class TodoListModel: NavigableViewModel {
    var todos: Loadable<[Todo]> = .idle
    var navigation: NavigationIntent<TodoRoute>?
  }

  final class TodoListInteractor: Interactor<TodoListModel> {
    private let store: TodoStore
    /// Set by the parent screen in `setup`: told each time a todo was read for 2 s.
    var onRead: ((Todo) -> Void)?

    init(store: TodoStore, clock: any Clock<Duration> = ContinuousClock()) {
      self.store = store
      super.init(viewModel: TodoListModel(), clock: clock)
    }

    override func prepare() {
      reload()
    }

    func reload() {
      load(\.todos, keepingPreviousValue: true) { [store] in try await store.all() }
    }

    func open(_ todo: Todo) {
      let token = navigate(to: .item(id: todo.id))
      observe(token, .minimumExposure(.seconds(2))) { [weak self] in self?.onRead?(todo) }
    }

    func delete(_ todo: Todo) {
      asyncTask { [store] in
        try await store.delete(todo.id)
      } finally: { [weak self] _ in
        self?.reload()
      }
    }
  }

  /// An in-memory store for tests and previews.
  actor MemoryTodos {
    private var todos: [Todo]
    init(_ todos: [Todo]) { self.todos = todos }
    func all() -> [Todo] { todos }
    func delete(_ id: Int) throws {
      guard todos.contains(where: { $0.id == id }) else { throw MissingTodo(id: id) }
      todos.removeAll { $0.id == id }
    }
  }

  struct MissingTodo: Error, CustomStringConvertible {
    var id: Int
    var description: String { "no todo with id \(id)" }
  }

  static func store(_ memory: MemoryTodos) -> TodoStore {
    TodoStore(all: { await memory.all() }, delete: { try await memory.delete($0) })
  }

  static let links = DeepLinkMap<TodoRoute> { url in
    let segments = DeepLinkMap<TodoRoute>.segments(of: url)
    guard segments.first == "items", segments.count > 1, let id = Int(segments[1]) else {
      return nil
    }
    switch segments.dropFirst(2) {
    case []: return [.item(id: id)]
    case ["edit"]: return [.item(id: id), .edit(id: id)]
    default: return nil
    }
  }
}

@Suite("Guide: the todo list screen", .timeLimit(.minutes(10)))
@MainActor
struct GuideExampleTests {
  let milk = Guide.Todo(id: 1, title: "Milk")
  let eggs = Guide.Todo(id: 2, title: "Eggs")

  @Test("loads on first appearance, deletes, and reloads")
  func loadAndDelete() async {
    let memory = Guide.MemoryTodos([milk, eggs])
    let interactor = Guide.TodoListInteractor(store: Guide.store(memory))
    var errors: [String] = []
    let binding = ScreenBinding(
      interactor,
      onError: {
        errors.append("\($0)")
        return true
      })

    binding.appear()
    #expect(interactor.viewModel.todos.isLoading)
    await interactor.waitForTasks()
    #expect(interactor.viewModel.todos == .loaded([milk, eggs]))

    interactor.delete(milk)
    #expect(interactor.isBusy)
    await interactor.waitForTasks()
    #expect(interactor.viewModel.todos == .loaded([eggs]))

    interactor.delete(milk)
    await interactor.waitForTasks()
    #expect(errors == ["no todo with id 1"])
    #expect(interactor.droppedErrorCount == 0)
  }

  @Test("a todo counts as read after two seconds on screen")
  func readAfterTwoSeconds() async {
    let clock = ManualClock()
    let interactor = Guide.TodoListInteractor(
      store: Guide.store(Guide.MemoryTodos([milk])), clock: clock)
    var read: [String] = []
    let list = ScreenBinding(interactor, setup: { $0.onRead = { read.append($0.title) } })
    list.appear()
    await interactor.waitForTasks()

    interactor.open(milk)
    let intent = list.takeNavigation()
    #expect(intent?.destination == .item(id: 1))

    // The shell shows the detail screen and gives its binding the intent's token.
    let detail = ScreenBinding(
      Guide.TodoListInteractor(store: Guide.store(Guide.MemoryTodos([]))), token: intent?.token)
    detail.appear()
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(2))
    await interactor.waitForTasks()
    #expect(read == ["Milk"])
  }

  @Test("the binding presents each intent as it is emitted; popping cancels the screen's work")
  func routerFlow() async throws {
    let router = Router<Guide.TodoRoute>()
    let memory = Guide.MemoryTodos([milk])
    let lister = Guide.TodoListInteractor(store: Guide.store(memory))
    var details: [ScreenBinding<Guide.TodoListModel>] = []
    let list = ScreenBinding(
      lister,
      onNavigation: { intent in
        let entry = router.push(intent.destination)
        let detail = ScreenBinding(
          Guide.TodoListInteractor(store: Guide.store(memory)), token: intent.token)
        detail.attach(to: router.scope(for: entry))
        detail.appear()  // starts a load
        details.append(detail)
        return true
      })
    list.appear()
    await lister.waitForTasks()
    lister.open(milk)
    #expect(router.path == [.item(id: 1)])
    let pending = lister.viewModel.navigation
    #expect(pending == nil)

    let detail = try #require(details.first)
    #expect(detail.token?.isVisible == true)
    router.pop()
    #expect(detail.interactor.isTornDown)
    await detail.interactor.waitForTasks()
    #expect(detail.interactor.viewModel.todos == .idle)
  }

  @Test("deep links and restoration")
  func deepLinksAndRestoration() throws {
    let router = Router<Guide.TodoRoute>()
    #expect(router.open(try #require(URL(string: "todo://items/7/edit")), using: Guide.links))
    #expect(router.path == [.item(id: 7), .edit(id: 7)])
    #expect(!router.open(try #require(URL(string: "todo://nowhere")), using: Guide.links))

    let saved = try router.snapshot()
    let relaunched = Router<Guide.TodoRoute>()
    try relaunched.restore(from: saved)
    #expect(relaunched.path == [.item(id: 7), .edit(id: 7)])
  }
}
