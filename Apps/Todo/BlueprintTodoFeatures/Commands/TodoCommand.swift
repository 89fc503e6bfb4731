internal import BlueprintTodoModel
internal import CoreBase
package import CoreTerminal

/// A command of `todo`: it runs with the list's store, the time and the process's
/// context.
protocol TodoCommand: Command where Context == TodoRun {}

/// What every `todo` command runs with.
package struct TodoRun {
  /// Output, environment and folders, with the preferences' theme.
  let context: CommandContext
  /// The greeting the listing's header shows, from the preferences.
  let greeting: String?
  /// Where the list lives.
  let store: TodoStore
  /// The time and local day, read once per command.
  let clock: Now

  /// The run of `context`'s folders and the samples' shared preferences.
  ///
  /// - Parameter context: The process's streams, environment and folders.
  package init(_ context: CommandContext) {
    let (context, preferences) = TodoPreferences.load(for: context)
    self.context = context
    greeting = preferences.greeting
    store = TodoStore(directory: context.dataFolder)
    clock = Now()
  }
}
