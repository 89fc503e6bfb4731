/// Why a string is not a hex color or a `LIGHT/DARK` pair.
///
/// ``message`` is one line a command-line tool can print as is, e.g.
/// `'#12345' has 5 hex digits; expected 3, 4, 6 or 8`.
public struct ColorParseError: Error, Hashable, CustomStringConvertible {
  /// What is wrong with the input.
  public enum Problem: Sendable, Hashable {
    /// The input has no hex digits at all.
    case empty
    /// The input contains a character that is not a hex digit.
    case notHex(Character)
    /// The input has a number of hex digits other than 3, 4, 6 or 8.
    case digitCount(Int)
    /// A `LIGHT/DARK` pair has more than two parts.
    case partCount(Int)
  }

  /// The text that failed to parse, as given.
  public var input: String
  /// What is wrong with it.
  public var problem: Problem

  /// Creates an error for `input`.
  ///
  /// - Parameters:
  ///   - input: The text that failed to parse.
  ///   - problem: What is wrong with it.
  public init(input: String, problem: Problem) {
    self.input = input
    self.problem = problem
  }

  /// A one-line explanation naming the input.
  public var message: String {
    switch problem {
    case .empty:
      return "'\(input)' is empty; expected a hex color such as #5E5CE6"
    case .notHex(let character):
      return "'\(input)' contains '\(character)', which is not a hex digit"
    case .digitCount(let count):
      return "'\(input)' has \(count) hex digit\(count == 1 ? "" : "s"); expected 3, 4, 6 or 8"
    case .partCount(let count):
      return "'\(input)' has \(count) colors; expected one, or LIGHT/DARK"
    }
  }

  /// The same as ``message``.
  public var description: String { message }
}
