package import BlueprintSamplesShared
package import CoreBase
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

extension SharedSettings {
  /// The look of an open terminal UI after each commit of the settings file, by any
  /// process (`settings set appearance dark`, the file saved from `$EDITOR`): its
  /// appearance and theme. A file that does not read as valid settings keeps the last
  /// good look and says why on the status line; a removed file is the defaults.
  ///
  /// The folder is watched from this call until the stream ends.
  ///
  /// - Parameters:
  ///   - store: The settings' store (``makeStore(_:)``).
  ///   - environment: Resolves the `system` appearance.
  /// - Returns: The looks, starting with the next commit.
  package static func looks(
    in store: FileKeyValueStore, environment: [String: String]
  ) -> AsyncStream<TerminalLook> {
    let changes = store.dataChanges(forKey: storeKey)
    let path = store.location(forKey: storeKey)
    let (looks, continuation) = AsyncStream.makeStream(
      of: TerminalLook.self, bufferingPolicy: .bufferingNewest(1))
    let task = Task {
      for await data in changes {
        continuation.yield(look(of: data, path: path, environment: environment))
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return looks
  }

  /// The look the settings file's bytes give; `nil` bytes (no file) are the defaults.
  static func look(of data: Data?, path: String, environment: [String: String]) -> TerminalLook {
    let settings: SharedSettings
    if let data {
      do {
        let (decoded, invalid) = try decodeSkippingInvalidValues(data)
        if let value = invalid.first {
          return TerminalLook(
            style: nil,
            notice: "settings not applied: '\(value.key)' has the invalid value \(value.value) "
              + "(expected \(value.expected)); run '\(editorCommand) edit'")
        }
        settings = decoded
      } catch {
        let reason = CommandLineErrorDescription.describe(error, in: data)
        return TerminalLook(
          style: nil,
          notice: "settings not applied: \(path) is invalid (\(reason)); kept the last look")
      }
    } else {
      settings = SharedSettings()
    }
    return TerminalLook(
      style: TerminalLook.Style(
        appearance: (settings.appearance ?? .system).resolved(environment: environment),
        theme: settings.theme))
  }
}
