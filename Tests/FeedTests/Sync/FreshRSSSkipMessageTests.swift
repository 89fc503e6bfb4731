import Foundation
import Testing

/// What `swift test` says when it skips the FreshRSS suites leads somewhere a clone has.
@Suite("The FreshRSS suites' skip message")
struct FreshRSSSkipMessageTests {
  /// The repository's root folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(
    "it names the script that starts a FreshRSS and what it needs, no folder a clone lacks",
    .enabled(
      if: FileManager.default.fileExists(atPath: root.appendingPathComponent(".ci").path),
      "reads Blueprint's own README and .ci/: a copy of feed has neither"))
  func skipMessage() throws {
    #expect(freshRSSMissing.contains(#"eval "$(bash .ci/freshrss-server start)""#))
    #expect(freshRSSMissing.contains("FRESHRSS_TARBALL"))
    #expect(!freshRSSMissing.contains("../shared"), "\(freshRSSMissing)")
    let script = try String(
      contentsOf: Self.root.appendingPathComponent(".ci/freshrss-server"), encoding: .utf8)
    #expect(script.contains("FRESHRSS_TARBALL"))
    // The README says how to run them, as it does for CalDAV's.
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains(#"eval "$(bash .ci/freshrss-server start)""#))
    #expect(readme.contains("export FRESHRSS_TARBALL="))
    #expect(
      readme.contains("FeedSyncFreshRSSTests|FeedSyncFreshRSSOfflineTests|FolderSyncFreshRSSTests"))
  }
}
