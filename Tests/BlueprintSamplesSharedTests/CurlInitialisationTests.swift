import CoreTerminal
import CoreTesting
import Foundation
import Testing

#if os(Linux) && canImport(Glibc)
  private let loaderReadsLDDebug = true
#else
  private let loaderReadsLDDebug = false
#endif

/// libcurl is initialised (`curl_global_init`: TLS libraries, config files) only by a
/// command that fetches. The dynamic loader's own log (`LD_DEBUG=bindings`) names every
/// libcurl function the process binds; a refresh against a loopback server shows the
/// probe sees it, so its absence elsewhere means something.
///
/// (libcurl's shared library itself is mapped at start in every build: Foundation's
/// networking module links it. What costs is its initialisation.)
@Suite(
  "libcurl is initialised only by a command that fetches",
  .enabled(if: loaderReadsLDDebug, "only glibc's loader reads LD_DEBUG"))
struct CurlInitialisationTests {

  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory(prefix: "curl-init") }

  /// Whether the run of `app arguments` bound `curl_global_init`.
  private func initialisesCurl(_ app: String, _ arguments: [String]) async throws -> Bool {
    let result = try await BuiltProduct(app).runToExit(
      arguments, environment: home.isolatedEnvironment(["LD_DEBUG": "bindings"]))
    #expect(result.error.contains("binding file"), "the loader's log is there to read")
    return result.error.contains("symbol `curl_global_init'")
  }

  @Test(
    "no command that stays off the network initialises libcurl",
    arguments: [
      ("todo", ["--version"]), ("todo", ["list"]), ("feed", ["--version"]), ("feed", ["list"]),
      ("feed", ["read"]), ("settings", ["list"]), ("todo", ["--generate-manual"]),
    ])
  func offTheNetwork(app: String, arguments: [String]) async throws {
    #expect(try await !initialisesCurl(app, arguments))
  }

  @Test("feed refresh does, which shows the probe sees it")
  func refreshDoes() async throws {
    let server = try LoopbackServer(replies: [
      .text("<rss><channel><title>T</title></channel></rss>")
    ])
    defer { server.stop() }
    let add = try await BuiltProduct("feed").runToExit(
      ["add", server.url("/feed.xml").absoluteString], environment: home.isolatedEnvironment())
    #expect(add.status == 0)
    #expect(try await initialisesCurl("feed", ["refresh"]))
  }
}
