/// Why an iCalendar text could not be read.
///
/// Lines are counted after unfolding is undone, from 1, as physical lines of the input.
public enum ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is larger than the reader's limit.
  case tooLarge(limit: Int)
  /// The text is not valid UTF-8.
  case invalidUTF8
  /// A content line has no `:` between its name and value.
  case missingColon(line: Int)
  /// A content line's name or a parameter is malformed (such as `;X=` or an unclosed quote).
  case malformedLine(line: Int, reason: String)
  /// An `END:` that does not close the open component (or closes none).
  case unbalancedEnd(line: Int, expected: String?, found: String)
  /// The text ended with components still open.
  case unterminated(component: String)
  /// A property stands outside any component.
  case propertyOutsideComponent(line: Int)
  /// Components are nested deeper than the reader's limit.
  case tooDeep(line: Int, limit: Int)
  /// The text holds no component, or more than one at the top level where one was asked for.
  case expectedOneComponent(found: Int)

  public var description: String {
    switch self {
    case .tooLarge(let limit): "the iCalendar text is larger than \(limit) bytes"
    case .invalidUTF8: "the iCalendar text is not valid UTF-8"
    case .missingColon(let line): "line \(line) has no ':' between its name and value"
    case .malformedLine(let line, let reason): "line \(line) is malformed: \(reason)"
    case .unbalancedEnd(let line, let expected?, let found):
      "line \(line): END:\(found) where END:\(expected) was expected"
    case .unbalancedEnd(let line, nil, let found):
      "line \(line): END:\(found) closes no component"
    case .unterminated(let component): "the text ends inside \(component) (no END:\(component))"
    case .propertyOutsideComponent(let line): "line \(line) stands outside any BEGIN/END block"
    case .tooDeep(let line, let limit):
      "line \(line): components are nested more than \(limit) deep"
    case .expectedOneComponent(let found):
      found == 0
        ? "the text holds no BEGIN/END component"
        : "the text holds \(found) top-level components where one was expected"
    }
  }
}
