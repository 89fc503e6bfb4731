import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures

/// The Radicale over TLS that `.ci/caldav-server` starts, with its certificate
/// authority's file, or `nil` without one.
private let tlsServer: (url: URL, caFile: String)? = {
  let environment = ProcessInfo.processInfo.environment
  guard let text = environment["BLUEPRINT_CALDAV_TLS_URL"], let url = URL(string: text),
    let caFile = environment["BLUEPRINT_CALDAV_CA"], !caFile.isEmpty
  else { return nil }
  return (url, caFile)
}()

/// `todo sync` over TLS to a server whose certificate a private authority signed: the
/// certificate is always verified, and `setup --ca-file` is how to trust it.
@Suite(
  "todo sync over TLS with a private certificate authority",
  .enabled(
    if: tlsServer != nil,
    "BLUEPRINT_CALDAV_TLS_URL is not set: no CalDAV server over TLS (.ci/run starts one)"),
  .timeLimit(.minutes(10)))
struct SyncTLSTests {
  let server = tlsServer ?? (URL(fileURLWithPath: "/"), "")
  let user = "tls\(UUID().uuidString.prefix(8).lowercased())"

  @Test("without --ca-file the certificate is refused and nothing is kept; with it, sync works")
  func privateAuthority() throws {
    let home = try SyncingHome(user: user)
    try home.output(["add", "Buy milk"])
    let url = server.url.absoluteString

    let refused = try home.home.run(["sync", "setup", url, "--list", "Chores"])
    #expect(refused.status == 69)
    #expect(refused.error.contains("its certificate is not trusted"), "\(refused.error)")
    #expect(try home.home.run(["sync"]).error.contains("not set up"))

    let setup = try home.output([
      "sync", "setup", url, "--list", "Chores", "--ca-file", server.caFile,
    ])
    #expect(setup.contains("syncing with Chores"))
    #expect(try home.output(["sync"]).hasPrefix("sent 1, received 0"))
    // The CA file is kept for the next sync: a change goes out without naming it again.
    try home.output(["done", "1"])
    #expect(try home.output(["sync"]).hasPrefix("sent 1, received 0"))
    #expect(try home.output(["sync", "status"]).contains("waiting to go out: 0"))
  }
}
