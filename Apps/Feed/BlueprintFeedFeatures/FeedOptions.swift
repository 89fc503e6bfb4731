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
