public import Foundation

/// The saved form of a ``Router``'s path: plain JSON, no type names.
///
/// ```json
/// {"path":[{"item":{"id":7}},{"edit":{"id":7}}],"version":1}
/// ```
public struct RouterSnapshot<Route: Codable>: Codable {
  /// The snapshot format; only ``currentVersion`` is understood.
  public var version: Int
  /// The routes, bottom first.
  public var path: [Route]

  /// The format version written by this build.
  public static var currentVersion: Int { 1 }

  /// Creates a snapshot of a path in the current format.
  ///
  /// - Parameter path: The routes, bottom first.
  public init(path: [Route]) {
    self.version = Self.currentVersion
    self.path = path
  }
}

extension RouterSnapshot: Sendable where Route: Sendable {}

/// Why a router could not be restored from a snapshot; the stack was left as it was.
public struct RouterRestorationError: Error, CustomStringConvertible {
  /// What was wrong with the snapshot.
  public enum Reason: Sendable, Equatable {
    /// The data is not a snapshot of this router's routes (not JSON, or a route is unknown).
    case malformed
    /// The snapshot was written in a format this build does not understand.
    case unsupportedVersion(Int)
  }

  /// What was wrong.
  public var reason: Reason
  /// The decoder's error, when there is one.
  public var underlying: (any Error)?

  /// A one-line message a command-line tool can print as is.
  public var description: String {
    switch reason {
    case .malformed:
      let detail = underlying.map { ": \(String(describing: $0))" } ?? ""
      return "the saved navigation state cannot be read\(detail)"
    case .unsupportedVersion(let version):
      return "the saved navigation state has unsupported version \(version)"
    }
  }
}

extension Router where Route: Codable {
  /// Encodes the current path as JSON, for saving between launches.
  ///
  /// - Returns: A ``RouterSnapshot`` encoded as JSON with sorted keys.
  /// - Throws: `EncodingError` when a route cannot be encoded.
  public func snapshot() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(RouterSnapshot(path: path))
  }

  /// Replaces the path with the one saved in a snapshot, in one change.
  ///
  /// - Parameter data: Data from ``snapshot()``.
  /// - Throws: ``RouterRestorationError`` when the data cannot be read; the stack is
  ///   then left exactly as it was.
  public func restore(from data: Data) throws {
    let snapshot: RouterSnapshot<Route>
    do {
      snapshot = try JSONDecoder().decode(RouterSnapshot<Route>.self, from: data)
    } catch {
      throw RouterRestorationError(reason: .malformed, underlying: error)
    }
    guard snapshot.version == RouterSnapshot<Route>.currentVersion else {
      throw RouterRestorationError(reason: .unsupportedVersion(snapshot.version))
    }
    setPath(snapshot.path)
  }
}
