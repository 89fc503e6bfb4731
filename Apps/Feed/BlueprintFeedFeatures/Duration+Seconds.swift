internal import CoreTerminal

extension Duration {
  /// The value of a `--timeout 30` option: a whole number of seconds above zero.
  ///
  /// - Parameters:
  ///   - seconds: What was given, if anything.
  ///   - option: The option's long name, for the message.
  /// - Returns: The duration, or `nil` when none was given.
  /// - Throws: `CommandLineError` (exit 64) for 0 or less.
  static func positiveSeconds(_ seconds: Int?, for option: String) throws(CommandLineError)
    -> Duration?
  {
    guard let seconds else { return nil }
    guard seconds > 0 else {
      throw CommandLineError(
        "invalid value '\(seconds)' for '--\(option)': expected seconds above 0")
    }
    return .seconds(seconds)
  }
}
