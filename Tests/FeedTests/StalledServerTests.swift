import BlueprintFeedFeatures
import Core
import CoreTesting
import Foundation
import Testing

/// `feed refresh` against servers that accept a request and never answer, through the
/// built binary.
@Suite("feed: silent servers, end to end", .timeLimit(.minutes(10)))
struct StalledServerTests {
  @Test("waiting on silent servers costs no CPU: the refresh ends on its own under a 1 s CPU limit")
  func waitingCostsNoCPU() async throws {
    let home = try FeedHome(prefix: "feed-stalled", terminal: nil)
    let feedText = LoopbackServer.Reply.text("<rss><channel><title>T</title></channel></rss>")
    let server = try LoopbackServer(routes: ["/a.xml": feedText, "/b.xml": feedText])
    defer { server.stop() }
    let environment = home.environment
    // `add` reads each feed once; then both fall silent. They are on two hosts (two
    // names of the server), so that both wait at once: a host's feeds take turns.
    let urls = [
      "/a.xml": server.url("/a.xml").absoluteString,
      "/b.xml": "http://localhost:\(server.port)/b.xml",
    ]
    for path in ["/a.xml", "/b.xml"] {
      let added = try home.product.run(["add", urls[path] ?? path], environment: environment)
      #expect(added.status == 0, "\(added.error)")
      server.setRoute(path, to: LoopbackServer.Reply.status(200).delayed(.seconds(50)))
    }
    // Both fetches wait 4 s on a silent server (the per-feed deadline). A client that
    // spins while it waits (FoundationNetworking's URLSession on Linux spends most of a
    // core) passes the 1 s of CPU `ulimit -t` allows and is killed by SIGXCPU; one that
    // waits in `poll` uses a few milliseconds and ends with the deadline's failure.
    let refresh = Process()
    refresh.executableURL = URL(fileURLWithPath: "/bin/sh")
    refresh.arguments = [
      "-c", #"ulimit -t 1 && exec "$0" refresh --feed-timeout 4"#, home.product.url.path,
    ]
    refresh.environment = environment
    refresh.standardOutput = FileHandle.nullDevice
    refresh.standardError = FileHandle.nullDevice
    let status = try await refresh.runToExit()
    #expect(refresh.terminationReason == .exit, "ended by signal \(status)")
    #expect(status == 69)
    #expect(server.requests.map(\.target).sorted() == ["/a.xml", "/a.xml", "/b.xml", "/b.xml"])
    let list = try home.product.run(["list"], environment: environment)
    #expect(
      list.output.components(separatedBy: "took longer than 4 s").count == 3, "\(list.output)")
  }
}
