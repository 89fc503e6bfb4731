import Core
import CoreTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The examples of Docs/UsingBlueprint.md, as a user's package would write them.
@Suite("Docs/UsingBlueprint.md examples")
struct UsingBlueprintGuideTests {
  @Test("a busy server is retried on the manual clock")
  func aBusyServerIsRetriedOnTheClock() async throws {
    let server = try LoopbackServer(replies: [.text("busy", status: 503), .json(#"{"ok":true}"#)])
    let clock = ManualClock()
    let client = URLSessionHTTPClient(
      userAgent: "myapp/1.0", retryPolicy: .exponential(base: .seconds(1), jitter: .none),
      clock: clock)
    async let response = client.send(Endpoint(server.baseURL))
    await clock.waitForSleepers(1)  // the retry is waiting on the manual clock
    #expect(clock.sleepDurations == [.seconds(1)])
    clock.advance(by: .seconds(1))
    #expect(try await response.status == 200)
    #expect(server.requests.count == 2)
  }

  @Test("a configuration of your own reaches the session; protocol classes route to a stub")
  func ownConfiguration() async throws {
    let server = try LoopbackServer(replies: [.json(#"{"ok":true}"#)])
    let configuration = URLSessionHTTPClient.makeDefaultConfiguration()
    configuration.httpAdditionalHeaders = ["X-Trace": "guide"]
    let client = URLSessionHTTPClient(userAgent: "myapp/1.0", configuration: configuration)
    #expect(try await client.send(Endpoint(server.baseURL)).status == 200)
    #expect(server.requests.first?.headers["X-Trace"] == "guide")
  }

  @Test("a custom store reuses the key rules and the change streams")
  func customStoreHelpers() async throws {
    #expect(StoreKeyRules.isValid("settings"))
    #expect(throws: PersistenceError.self) { try StoreKeyRules.validate("../escape") }
    let observers = StoreObservers()
    let stream = observers.stream(forKey: "k")
    observers.notify(Data("1".utf8), forKey: "k")
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next() == .some(Data("1".utf8)))
  }
}
