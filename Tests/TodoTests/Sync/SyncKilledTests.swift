import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures

/// `todo sync` killed with SIGKILL after each request in turn, against the Radicale
/// `.ci/run` starts: the next syncs converge, nothing lost, doubled or brought back.
@Suite(
  "todo sync killed between any two requests, against Radicale",
  .enabled(
    if: radicaleURL != nil,
    "BLUEPRINT_CALDAV_URL is not set: no CalDAV server to sync with (.ci/run starts Radicale and sets it)"
  ), .timeLimit(.minutes(10)))
struct SyncKilledTests {
  let user = "killed\(UUID().uuidString.prefix(8).lowercased())"

  /// What both homes hold once they converge, whatever the kill.
  static let expected = [
    "Bread done=1 due=", "Jam done=0 due=", "Oat milk done=0 due=2026-12-24",
    "Tea done=0 due=",
  ]

  @Test("killed after request n, for every n of the sync: the next syncs converge")
  func killedAnywhere() async throws {
    let proxy = try KillingProxy(to: try #require(radicaleURL))
    var killed = 0
    for request in 1...40 {
      let (first, second) = try homes(list: "Chores \(request)", through: proxy)
      // The first sends Oat milk, Jam and a delete; it receives Bread done, Milk's due
      // and Tea — and is killed once request `request` has been served.
      let result = try await proxy.run(killingAt: request) {
        try first.home.product.start(["sync"], environment: first.home.environment)
      }
      guard result.wasSignalled else {
        // The sync finished with fewer requests: every point was tried.
        #expect(result.status == 0, "\(result.error)")
        #expect(killed >= 3, "a sync of these changes makes several requests")
        break
      }
      killed += 1
      try first.output(["sync"])
      try second.output(["sync"])
      try first.output(["sync"])
      #expect(try first.items() == Self.expected, "killed after request \(request)")
      #expect(try second.items() == Self.expected, "killed after request \(request)")
      #expect(
        try first.output(["sync"]).hasPrefix("sent 0, received 0, merged 0, deleted 0"),
        "killed after request \(request)")
    }
    #expect(killed > 0)
  }

  /// Two homes synced through `proxy` to a new list, then changed on both sides; the
  /// second has synced its changes.
  private func homes(list: String, through proxy: KillingProxy) throws
    -> (SyncingHome, SyncingHome)
  {
    let base = proxy.server.baseURL.absoluteString
    let first = try SyncingHome(user: user)
    let second = try SyncingHome(user: user)
    for title in ["Milk", "Bread", "Eggs"] { try first.output(["add", title]) }
    try first.output(["sync", "setup", base, "--list", list])
    try first.output(["sync"])
    try second.output(["sync", "setup", base, "--list", list])
    try second.output(["sync"])
    let ids = try first.idsByTitle()
    try first.output(["edit", ids["Milk"] ?? "", "--title", "Oat milk"])
    try first.output(["rm", ids["Eggs"] ?? ""])
    try first.output(["add", "Jam"])
    let otherIds = try second.idsByTitle()
    try second.output(["done", otherIds["Bread"] ?? ""])
    try second.output(["edit", otherIds["Milk"] ?? "", "--due", "2026-12-24"])
    try second.output(["add", "Tea"])
    try second.output(["sync"])
    return (first, second)
  }
}
