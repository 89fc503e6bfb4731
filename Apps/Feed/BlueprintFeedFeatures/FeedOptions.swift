internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// The reader's own options (`feed config`), kept in its data folder as `options.json`.
struct FeedOptions: Sendable, Codable, Equatable {
  /// Refresh every feed when the interactive reader opens.
  var refreshOnOpen = false

  static let key = StoreKey("options", default: FeedOptions())

  /// Every option by its command-line name, with how to read and write it.
  static let names = ["refresh-on-open"]

  func value(_ name: String) -> String? {
    switch name {
    case "refresh-on-open": refreshOnOpen ? "on" : "off"
    default: nil
    }
  }

  mutating func set(_ name: String, to text: String) throws {
    switch name {
    case "refresh-on-open":
      switch text.lowercased() {
      case "on", "true", "yes", "1": refreshOnOpen = true
      case "off", "false", "no", "0": refreshOnOpen = false
      default:
        throw AppError("invalid value '\(text)' for refresh-on-open: expected on or off")
      }
    default:
      throw AppError(
        "unknown option '\(name)'", hint: "options: \(Self.names.joined(separator: ", "))")
    }
  }
}

extension FeedCommands {
  /// `config`: lists the options, shows one, or sets one.
  static func config(
    _ name: String?, _ text: String?, _ context: CommandContext, _ library: FeedLibrary
  ) throws {
    let store = library.store.store
    guard let name else {
      let options = try store.value(forKey: FeedOptions.key)
      for name in FeedOptions.names { context.write("\(name) = \(options.value(name) ?? "")\n") }
      return
    }
    guard let text else {
      guard let value = try store.value(forKey: FeedOptions.key).value(name) else {
        throw AppError(
          "unknown option '\(name.terminalSafe)'",
          hint: "options: \(FeedOptions.names.joined(separator: ", "))")
      }
      context.write(value + "\n")
      return
    }
    let options = try store.update(forKey: FeedOptions.key) { options in
      try options.set(name, to: text)
      return options
    }
    context.write("\(name) = \(options.value(name) ?? "")\n")
  }
}
