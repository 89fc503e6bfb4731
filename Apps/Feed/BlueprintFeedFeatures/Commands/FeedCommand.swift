internal import CoreBase
package import CoreTerminal

/// A command of `feed`: it runs with the library of subscriptions and the process's
/// context.
protocol FeedCommand: Command where Context == FeedRun {}

/// What every `feed` command runs with.
package struct FeedRun {
  /// Output, environment and folders, with the shared settings' theme.
  let context: CommandContext
  /// The subscriptions, their items and how they are fetched.
  let library: FeedLibrary

  /// The run of `context`'s folders, with the samples' shared settings (theme,
  /// appearance, whether to notify).
  ///
  /// - Parameter context: The process's streams, environment and folders.
  @MainActor
  package init(_ context: CommandContext) {
    let (context, preferences) = FeedPreferences.load(for: context)
    var library = FeedLibrary.live(context)
    library.notifications = preferences.notifications
    self.context = context
    self.library = library
  }
}
