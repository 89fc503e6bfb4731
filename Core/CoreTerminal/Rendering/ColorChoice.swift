import CoreBase

/// The value of a `--color` option: `auto`, `always` or `never`.
public enum ColorChoice: String, Sendable, Hashable, CaseIterable, Codable {
  /// Decide from the environment and whether output is a terminal.
  case auto
  /// Always emit color, even into a pipe.
  case always
  /// Never emit color.
  case never

  /// Parses a `--color` value; case-insensitive.
  ///
  /// - Parameter argument: `auto`, `always` or `never`.
  public init?(argument: String) {
    self.init(rawValue: argument.lowercased())
  }
}
