import CoreTerminal
import Testing

@testable import BlueprintFeedFeatures

/// `refresh --force-delete` is the sync part's option, declared in `Sync/` and read with
/// `refresh`'s own: a copy without the part has neither the option nor the code.
@Suite("refresh reads the sync part's option with its own")
struct SyncRefreshOptionTests {
  /// The sync part's `--force-delete` as `refresh` read it.
  func forceDelete(_ refresh: RefreshFeeds) -> [Bool] {
    refresh.parts.compactMap { $0 as? SyncRefresh }.map(\.forceDelete)
  }

  @Test("--force-delete reaches the sync part's refresh; left out, it is off")
  func forceDeleteIsRead() throws {
    let given = try RefreshFeeds.parse(["--force", "--force-delete", "3"])
    #expect(given.force)
    #expect(given.filter.reference == "3")
    #expect(forceDelete(given) == [true])
    #expect(forceDelete(try RefreshFeeds.parse(["3"])) == [false])
  }

  @Test("refresh's help lists --force-delete after feed's own options")
  func helpOrder() {
    #expect(
      RefreshFeeds.spec.options.map(\.name) == ["force", "timeout", "feed-timeout", "force-delete"])
  }
}
