import Core
import Observation
import Testing

@Suite("Router")
@MainActor
struct RouterTests {
  @Test("push adds on top and pop returns the top route")
  func pushPop() {
    let router = Router<Int>()
    router.push(1)
    router.push(2)
    #expect(router.path == [1, 2])
    #expect(router.top == 2)
    #expect(router.pop() == 2)
    #expect(router.path == [1])
  }

  @Test("popping an empty stack is a no-op and reports no change")
  func popEmpty() {
    let router = Router<Int>()
    var changes = 0
    router.onChange = { _, _ in changes += 1 }
    #expect(router.pop() == nil)
    #expect(router.pop(count: 3) == [])
    #expect(router.popToRoot() == [])
    #expect(router.path == [])
    #expect(changes == 0)
  }

  @Test(
    "pop(count:) pops at most what the stack holds",
    arguments: [
      (3, [1, 2], [3, 4, 5] as [Int]),
      (0, [1, 2, 3, 4, 5], []),
      (-2, [1, 2, 3, 4, 5], []),
      (5, [], [1, 2, 3, 4, 5]),
      (9, [], [1, 2, 3, 4, 5]),
    ])
  func popCount(count: Int, remaining: [Int], popped: [Int]) {
    let router = Router(path: [1, 2, 3, 4, 5])
    #expect(router.pop(count: count) == popped)
    #expect(router.path == remaining)
  }

  @Test("popToRoot empties the stack and returns what it popped")
  func popToRoot() {
    let router = Router(path: ["a", "b"])
    #expect(router.popToRoot() == ["a", "b"])
    #expect(router.isEmpty)
  }

  @Test("replaceTop replaces the top route, or pushes on an empty stack")
  func replaceTop() {
    let router = Router<String>()
    router.replaceTop(with: "account")
    #expect(router.path == ["account"])
    router.push("login")
    router.replaceTop(with: "home")
    #expect(router.path == ["account", "home"])
  }

  @Test("onChange receives the old and the new path once per change")
  func onChange() {
    let router = Router(path: [1])
    var changes: [[[Int]]] = []
    router.onChange = { old, new in changes.append([old, new]) }
    router.push(2)
    router.setPath([7, 8, 9])
    router.setPath([7, 8, 9])
    router.pop()
    #expect(changes == [[[1], [1, 2]], [[1, 2], [7, 8, 9]], [[7, 8, 9], [7, 8]]])
  }

  @Test("the path setter is setPath")
  func pathSetter() {
    let router = Router<Int>()
    var changes = 0
    router.onChange = { _, _ in changes += 1 }
    router.path = [4, 5]
    #expect(router.path == [4, 5])
    #expect(changes == 1)
  }

  @Test("each push gets its own entry id, even for an equal route")
  func entryIdentity() {
    let router = Router<Int>()
    let first = router.push(7)
    let second = router.push(7)
    #expect(first != second)
    #expect(router.entries.map(\.id) == [first, second])
    #expect(router.entries.map(\.route) == [7, 7])
  }

  @Test("setPath keeps the ids of the entries both paths share from the bottom")
  func setPathKeepsPrefix() {
    let router = Router(path: [1, 2, 3])
    let before = router.entries.map(\.id)
    router.setPath([1, 2, 9, 10])
    let after = router.entries.map(\.id)
    #expect(Array(after.prefix(2)) == Array(before.prefix(2)))
    #expect(after[2] != before[2])
    #expect(router.path == [1, 2, 9, 10])
  }

  // MARK: - Scopes

  @Test("popping an entry ends its scope and only its scope, for equal routes too")
  func popEndsScope() {
    let router = Router<Int>()
    let lower = router.scope(for: router.push(7))
    let upper = router.scope(for: router.push(7))
    router.pop()
    #expect(upper.isEnded)
    #expect(!lower.isEnded)
    router.pop()
    #expect(lower.isEnded)
  }

  @Test("replaceTop, setPath and popToRoot end the scopes of removed entries")
  func otherRemovalsEndScopes() {
    let router = Router<Int>()
    let one = router.scope(for: router.push(1))
    let two = router.scope(for: router.push(2))
    let three = router.scope(for: router.push(3))
    router.replaceTop(with: 4)
    #expect(three.isEnded && !two.isEnded && !one.isEnded)
    router.setPath([1, 5])
    #expect(two.isEnded && !one.isEnded)
    router.popToRoot()
    #expect(one.isEnded)
  }

  @Test("scopes end top first, before onChange runs")
  func scopeOrder() {
    let router = Router<Int>()
    var events: [String] = []
    router.scope(for: router.push(1)).onEnd { events.append("end 1") }
    router.scope(for: router.push(2)).onEnd { events.append("end 2") }
    router.onChange = { _, _ in events.append("change") }
    router.popToRoot()
    #expect(events == ["end 2", "end 1", "change"])
  }

  @Test("the scope of an entry that is not on the stack has already ended")
  func staleScope() {
    let router = Router<Int>()
    let id = router.push(1)
    router.pop()
    let scope = router.scope(for: id)
    var ran = false
    scope.onEnd { ran = true }
    #expect(scope.isEnded)
    #expect(ran)
  }

  @Test("scope(for:) returns the same scope for the same entry")
  func sameScope() {
    let router = Router<Int>()
    let id = router.push(1)
    #expect(router.scope(for: id) === router.scope(for: id))
  }

  @Test("a scope runs its actions once, in order")
  func scopeRunsOnce() {
    let scope = ScreenScope()
    var events: [Int] = []
    scope.onEnd { events.append(1) }
    scope.onEnd { events.append(2) }
    scope.end()
    scope.end()
    #expect(events == [1, 2])
  }

  // MARK: - Observation

  @Test("Observation reports path changes on Linux")
  func observationFires() {
    let router = Router<Int>()
    let fired = ObservationCounter()
    withObservationTracking {
      _ = router.path
    } onChange: {
      fired.increment()
    }
    router.push(1)
    #expect(fired.count == 1)
  }

  @Test("an operation that changes nothing does not notify observers")
  func noChangeNoNotification() {
    let router = Router(path: [1])
    let fired = ObservationCounter()
    withObservationTracking {
      _ = router.path
    } onChange: {
      fired.increment()
    }
    router.setPath([1])
    router.pop(count: 0)
    #expect(fired.count == 0)
  }
}
