import Core
import CoreTesting
import Foundation
import Testing

// The "Networking with retries" example of SwiftUIBlueprint's README, as written. The
// one change: the base URL is the loopback server's instead of
// https://jsonplaceholder.typicode.com, so the test needs no network.

enum NetworkingExample {
  struct Todo: Codable, Sendable {
    let id: Int
    let title: String
  }

  /// The README's code; returns the decoded todo and the error of the second fetch.
  static func run(host: String) async throws -> (Todo, APIError?) {
    let client = URLSessionHTTPClient(
      retry: .exponential(base: .milliseconds(250), factor: 2, cap: .seconds(8), maxAttempts: 3)
    )

    // swift-format-ignore: NeverForceUnwrap
    // (the README's own force unwrap, kept as written)
    let endpoint = Endpoint(baseURL: URL(string: host)!)
      .path("todos").path("1")

    let todo: Todo = try await client.fetch(endpoint)

    var caught: APIError?
    do {
      _ = try await client.fetch(endpoint)
    } catch let error as APIError {
      // error.isRetryable tells you whether another attempt is plausible;
      // .transport / .unacceptableStatus(code:response:body:) / .decoding are
      // distinct cases so UI can react precisely.
      caught = error
    }
    return (todo, caught)
  }

  /// What the README's comment promises: the cases can be told apart with a switch.
  static func react(to error: APIError) -> String {
    switch error {
    case .transport: "offline"
    case .unacceptableStatus(let code, let response, let body):
      "status \(code) \(response.statusCode) \(String(decoding: body, as: UTF8.self))"
    case .decoding: "bug"
    default: "other"
    }
  }
}

@Suite("SwiftUIBlueprint README: networking")
struct SwiftUIBlueprintNetworkingTests {
  @Test("the README's client fetches and decodes, then a 404 is .unacceptableStatus")
  func fetchThenStatus() async throws {
    let served = Locked(0)
    let server = try LoopbackServer { request in
      let count = served.withLock { count in
        count += 1
        return count
      }
      guard request.path == "/todos/1" else { return .status(500) }
      return count == 1
        ? .json(#"{"id": 1, "title": "delectus aut autem"}"#)
        : .text("no such todo", status: 404)
    }
    let (todo, error) = try await NetworkingExample.run(host: server.baseURL.absoluteString)
    #expect(todo.id == 1)
    #expect(todo.title == "delectus aut autem")
    let caught = try #require(error)
    #expect(NetworkingExample.react(to: caught) == "status 404 404 no such todo")
    #expect(!caught.isRetryable)
    #expect(caught.attempts == 1)
    #expect(caught.url?.path == "/todos/1")
  }

  @Test("a body that does not decode is .decoding, with Blueprint's coding path")
  func decoding() async throws {
    let server = try LoopbackServer { _ in .json(#"{"id": "one"}"#) }
    let client = URLSessionHTTPClient(retry: .none)
    let endpoint = Endpoint(baseURL: server.baseURL).path("todos").path("1")
    let error = await #expect(throws: APIError.self) {
      let _: NetworkingExample.Todo = try await client.fetch(endpoint)
    }
    let caught = try #require(error)
    #expect(NetworkingExample.react(to: caught) == "bug")
    guard case .decoding(let path, _, let body, _) = caught else {
      Issue.record("expected .decoding, got \(caught)")
      return
    }
    #expect(path == "id")
    #expect(String(decoding: body, as: UTF8.self) == #"{"id": "one"}"#)
  }

  @Test("a refused connection is .transport and retryable")
  func transport() {
    let error = APIError(.transport(code: .cannotConnectToHost))
    #expect(NetworkingExample.react(to: error) == "offline")
    #expect(error.isRetryable)
  }

  @Test("the README's policy: 3 attempts, waits 250 ms then 500 ms before jitter, capped at 8 s")
  func policy() throws {
    // A client with no server: its URLSession configuration makes FoundationNetworking's
    // cache and cookie folders at once, and CoreTesting points them at a temporary
    // folder only when a TemporaryDirectory or a LoopbackServer is made first.
    _ = try TemporaryDirectory(prefix: "networking-policy")
    let client = URLSessionHTTPClient(
      retry: .exponential(base: .milliseconds(250), factor: 2, cap: .seconds(8), maxAttempts: 3)
    )
    let policy = client.retryPolicy
    #expect(policy.maxAttempts == 3)
    #expect(policy.cap == .seconds(8))
    var failure = APIError(.unacceptableStatus(code: 503, headers: [:], bodyPrefix: Data()))
    let first = policy.delay(after: failure, method: .get, headers: [:])
    #expect(first.map { $0 <= .milliseconds(250) } == true)
    failure.attempts = 3
    #expect(policy.delay(after: failure, method: .get, headers: [:]) == nil)
  }

  @Test("Blueprint's own data stays reachable on every case: kind, attempts, Retry-After")
  func richData() {
    var error = APIError(
      .unacceptableStatus(code: 429, headers: ["Retry-After": "5"], bodyPrefix: Data("slow".utf8)),
      method: .post, url: URL(string: "https://api.example.com/x"), attempts: 2,
      retryAfter: .seconds(5))
    guard case .unacceptableStatus(429, let response, let body) = error else {
      Issue.record("expected .unacceptableStatus, got \(error)")
      return
    }
    #expect(response.value(forHTTPHeaderField: "retry-after") == "5")
    #expect(response.context.attempts == 2)
    #expect(body == Data("slow".utf8))
    #expect(
      error.kind
        == .unacceptableStatus(
          code: 429, headers: ["Retry-After": "5"], bodyPrefix: Data("slow".utf8)))
    #expect(error.retryAfter == .seconds(5))
    #expect(error.method == .post)
    error.attempts = 3
    #expect(error.description == "HTTP 429 from api.example.com — retried 2 times")
  }
}
