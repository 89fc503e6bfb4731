import Core
import CoreTerminal
import CoreTesting
import Testing

/// A screen that navigates while it is being built: its route is pushed while the
/// stack is building screens.
final class RedirectScreen: TerminalScreen {
  let token: NavigationToken

  init(context: ScreenContext<ShelfRoute>, clock: ManualClock) {
    let interactor = ShelfInteractor(titles: [], clock: clock)
    context.bind(interactor)
    token = interactor.navigate(to: .item(3))
  }

  var title: String { "Redirect" }
  func render(into frame: inout Frame, area: Rect) {}
}

@Suite("Terminal navigation: the view model's intent, shown and consumed by the binding")
@MainActor
struct ScreenNavigationTests {
  let clock = ManualClock()

  /// Lets the shelf's load (a second on the manual clock) end, then settles: the
  /// harness settles once no interactor has work running.
  private func loaded(_ harness: ScreenHarness) async {
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await harness.settle()
  }

  @Test("an intent for the stack's routes is pushed and consumed; its token follows the screen")
  func routedPush() async {
    let (stack, interactor) = makeShelf(titles: ["Book 1", "Book 2"], clock: clock)
    let harness = ScreenHarness(root: stack)
    let token = interactor.navigate(to: .item(1))
    let pending = interactor.viewModel.navigation
    #expect(pending == nil)
    await loaded(harness)
    #expect(harness.text.contains("Shelf › Item 2"))
    #expect(token.isVisible)
    harness.press(.escape)
    await harness.settle()
    #expect(harness.text.contains("Shelf"))
    #expect(!harness.text.contains("Item 2"))
    #expect(!token.isVisible)
  }

  @Test("the interactor's presentation: a sheet over the screen, closed by Esc")
  func routedSheet() async {
    let (stack, interactor) = makeShelf(titles: ["Book 1"], clock: clock)
    let harness = ScreenHarness(root: stack)
    let token = interactor.navigate(to: .note, presentation: .sheet)
    await loaded(harness)
    #expect(stack.breadcrumb == ["Shelf", "Item 100"])
    #expect(stack.router.path.isEmpty)
    #expect(harness.text.contains("Shelf › Item 100"))
    #expect(token.isVisible)
    harness.press(.escape)
    await harness.settle()
    #expect(stack.breadcrumb == ["Shelf"])
    #expect(!token.isVisible)
  }

  @Test("an intent emitted before the screen was bound is shown when the screen appears")
  func emittedBeforeBinding() async {
    let interactor = ShelfInteractor(titles: ["Book 1"], clock: clock)
    let token = interactor.navigate(to: .item(0))
    let stack = ScreenStack(router: Router<ShelfRoute>()) { context in
      ShelfScreen(context: context, interactor: interactor)
    } destination: { route, _ in
      ItemScreen(index: 0, title: "\(route)")
    }
    let harness = ScreenHarness(root: stack)
    await loaded(harness)
    #expect(stack.router.path == [.item(0)])
    #expect(harness.text.contains("Shelf › Item 1"))
    #expect(token.isVisible)
    let pending = interactor.viewModel.navigation
    #expect(pending == nil)
  }

  @Test("a route pushed and popped before the stack draws takes its token with it")
  func pushedThenPopped() async {
    let (stack, interactor) = makeShelf(titles: ["Book 1", "Book 2"], clock: clock)
    let harness = ScreenHarness(root: stack)
    var events: [String] = []
    let first = interactor.navigate(to: .item(0))
    interactor.observe(first, .didAppear) { events.append("first") }
    stack.router.pop()
    let second = interactor.navigate(to: .item(1))
    interactor.observe(second, .didAppear) { events.append("second") }
    await loaded(harness)
    #expect(stack.router.path == [.item(1)])
    #expect(harness.text.contains("Shelf › Item 2"))
    #expect(events == ["second"])
    #expect(!first.isVisible)
  }

  @Test("a screen that navigates while it is built gets its destination, token included")
  func navigatesWhileBuilt() async throws {
    var redirect: RedirectScreen?
    let stack = ScreenStack(router: Router<ShelfRoute>()) { _ in
      ItemScreen(index: 0, title: "root")
    } destination: { [clock] route, context in
      switch route {
      case .note:
        let screen = RedirectScreen(context: context, clock: clock)
        redirect = screen
        return screen
      case .item(let index):
        return ItemScreen(index: index, title: "item")
      }
    }
    let harness = ScreenHarness(root: stack)
    stack.router.push(.note)
    await harness.settle()
    #expect(stack.router.path == [.note, .item(3)])
    #expect(harness.text.contains("Item 1 › Redirect › Item 4"))
    let token = try #require(redirect?.token)
    #expect(token.isVisible)
  }
}
