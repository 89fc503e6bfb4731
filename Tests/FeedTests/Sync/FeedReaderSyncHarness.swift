import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// The interactive reader of a ``FakeSyncedHome``, headless: the library the running
/// app makes from its environment, so the reader syncs as it does for a user.
@MainActor
struct FeedReaderSyncHarness {
  let harness: ScreenHarness
  let feeds: FeedsInteractor

  init(_ home: FakeSyncedHome, columns: Int = 100) async {
    let library = FeedLibrary.live(home.context())
    feeds = FeedsInteractor(library: library, work: .inline())
    harness = ScreenHarness(
      size: TerminalSize(columns: columns, rows: 14), capability: .none,
      root: FeedReaderUI.makeStack(library: library, feeds: feeds))
    await settle()
  }

  /// What the screen shows.
  var text: String { harness.text }

  /// Presses `keys`, then waits for the work they started and the frame after it.
  func press(_ keys: Key...) async {
    for key in keys { harness.press(key) }
    await settle()
  }

  private func settle() async {
    await feeds.waitForTasks()
    await harness.settle()
  }
}
