package import BlueprintSamplesShared
import CoreBase
package import CoreTerminal
import Foundation

extension SharedSettings {
  /// Reads the shared settings of the app `context` runs, for a command.
  ///
  /// A value that is not valid is skipped with a warning that names the key, the
  /// value and the `settings` command that fixes it; a file that cannot be read at
  /// all gives the defaults with a warning. No file means all defaults, silently.
  ///
  /// - Parameter context: The command's context: its folders (the samples' family)
  ///   and its standard error.
  /// - Returns: The settings, every invalid value left at its default.
  package static func load(for context: CommandContext) -> SharedSettings {
    let store = makeStore(context.directories)
    let path = store.location(forKey: storeKey)
    let editor = editorCommand
    let data: Data
    do {
      guard let stored = try store.data(forKey: storeKey) else { return SharedSettings() }
      data = stored
    } catch {
      let message = (error as? any AppErrorConvertible)?.appError.message ?? "\(error)"
      context.warn(
        "using the default settings: \(message)", hint: "run '\(editor) path' to find the file")
      return SharedSettings()
    }
    do {
      let (settings, invalid) = try decodeSkippingInvalidValues(data)
      if let (key, line) = repeatedKey(in: data) {
        context.warn(
          "\(path): the key '\(CommandLineEcho.quote(key))' appears twice (line \(line)); "
            + "using its last value",
          hint: "run '\(editor) edit' and keep one of them")
      }
      for value in invalid {
        context.warn(
          "\(path): '\(CommandLineEcho.quote(value.key))' has the invalid value "
            + "\(CommandLineEcho.quote(value.value)) (expected \(value.expected)); using its default",
          hint: "run '\(editor) reset \(CommandLineEcho.quote(value.key))', "
            + "or '\(editor) set \(CommandLineEcho.quote(value.key)) VALUE'")
      }
      return settings
    } catch {
      let reason = CommandLineErrorDescription.describe(error, in: data)
      context.warn(
        "\(path) is corrupt: \(reason); using the default settings",
        hint: "fix it with '\(editor) edit', or start over with '\(editor) reset --all'")
      return SharedSettings()
    }
  }
}

extension CommandContext {
  /// This context drawn with the shared settings' theme (palette and density) and
  /// appearance.
  ///
  /// - Parameter settings: The samples' shared settings.
  /// - Returns: A copy that draws with them.
  package func styled(by settings: SharedSettings) -> CommandContext {
    styled(theme: settings.theme, appearance: settings.appearance ?? .system)
  }
}
