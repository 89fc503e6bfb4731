import CoreBase

/// A command line that cannot be run: an unknown command or option, a missing or
/// invalid value. It is an ``AppError`` with exit code 64, printed as is by
/// ``CommandLineApp``.
public typealias CommandLineError = AppError

extension AppError {
  /// An invalid value for an option or argument.
  ///
  /// - Parameters:
  ///   - value: The value given.
  ///   - name: The option (`--due`) or argument (`<title>`) it was given for.
  ///   - expected: What would have been valid, e.g. `an integer`.
  /// - Returns: The error.
  public static func invalidValue(_ value: String, for name: String, expected: String)
    -> CommandLineError
  {
    CommandLineError(
      "invalid value '\(CommandLineEcho.quote(value))' for \(name): expected \(expected)")
  }
}

extension CommandLineSpec {
  /// The edit distance behind "did you mean": insertions, deletions, substitutions and
  /// swaps of neighbours each count 1.
  ///
  /// - Parameters:
  ///   - lhs: One word.
  ///   - rhs: The other word.
  /// - Returns: The number of edits that turn one into the other.
  package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    Suggestion.distance(lhs, rhs)
  }
}
