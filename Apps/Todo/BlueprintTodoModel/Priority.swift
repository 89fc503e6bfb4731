/// How important a todo is.
package enum Priority: Int, Comparable, CaseIterable, Sendable {
  case low = 1
  case medium = 2
  case high = 3

  /// The name used on the command line, in JSON and in the stored file.
  package var name: String {
    switch self {
    case .low: "low"
    case .medium: "medium"
    case .high: "high"
    }
  }

  /// Parses `low`, `medium` or `high` (any case, or `l`, `m`, `med`, `h`).
  package init?(name: String) {
    switch name.lowercased() {
    case "low", "l": self = .low
    case "medium", "m", "med": self = .medium
    case "high", "h": self = .high
    default: return nil
    }
  }

  /// Exactly `low`, `medium` or `high`, as the stored file holds them.
  package init?(storedName: String) {
    switch storedName {
    case "low": self = .low
    case "medium": self = .medium
    case "high": self = .high
    default: return nil
    }
  }

  package static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}
