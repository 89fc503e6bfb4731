import CoreBase

/// Reads iCalendar (RFC 5545) text into ``ICalendarComponent`` trees.
///
/// Lines may end in CRLF or a bare LF (XML parsers hand calendar data over with LF);
/// a line that starts with a space or a tab continues the previous one (the fold and
/// its one whitespace character are removed, at the byte level, so a fold that split
/// a UTF-8 character is joined again). Blank lines are skipped. Nothing is
/// interpreted beyond BEGIN/END: every property, parameter and component is kept.
public enum ICalendarReader {
  /// The largest text read unless told otherwise: 4 MiB (one calendar object on a
  /// CalDAV server is a few KiB).
  public static let defaultMaximumSize = 4 << 20
  /// The deepest nesting read (VCALENDAR › VTODO › VALARM is 3).
  public static let maximumDepth = 16

  /// Every top-level component of `text`, in order.
  ///
  /// - Parameters:
  ///   - text: iCalendar text.
  ///   - maximumSize: The largest text accepted, in UTF-8 bytes.
  /// - Returns: The components.
  /// - Throws: ``ICalendarError`` naming the line at fault.
  public static func components(in text: String, maximumSize: Int = defaultMaximumSize)
    throws(ICalendarError) -> [ICalendarComponent]
  {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(ICalendarError) in try components(in: bytes, maximumSize: maximumSize) }
    }
    return try result.get()
  }

  /// Every top-level component of UTF-8 `bytes`, in order.
  public static func components(
    in bytes: UnsafeBufferPointer<UInt8>, maximumSize: Int = defaultMaximumSize
  ) throws(ICalendarError) -> [ICalendarComponent] {
    guard bytes.count <= maximumSize else { throw .tooLarge(limit: maximumSize) }
    var roots: [ICalendarComponent] = []
    var stack: [ICalendarComponent] = []
    var error: ICalendarError?
    forEachLogicalLine(bytes) { line, number in
      do throws(ICalendarError) {
        let property = try parseLine(line, number: number)
        if property.isNamed("BEGIN") {
          guard stack.count < maximumDepth else {
            throw .tooDeep(line: number, limit: maximumDepth)
          }
          stack.append(ICalendarComponent(name: property.value))
        } else if property.isNamed("END") {
          guard let open = stack.last, open.name.caseInsensitiveEquals(property.value) else {
            throw .unbalancedEnd(line: number, expected: stack.last?.name, found: property.value)
          }
          stack.removeLast()
          if stack.isEmpty {
            roots.append(open)
          } else {
            stack[stack.count - 1].components.append(open)
          }
        } else {
          guard !stack.isEmpty else { throw .propertyOutsideComponent(line: number) }
          stack[stack.count - 1].properties.append(property)
        }
        return true
      } catch let caught {
        error = caught
        return false
      }
    }
    if let error { throw error }
    if let open = stack.last { throw .unterminated(component: open.name) }
    return roots
  }

  // MARK: - Lines

  /// Calls `body` with each unfolded, non-blank line and the number of its first
  /// physical line, until it returns `false`.
  private static func forEachLogicalLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: ([UInt8], Int) -> Bool
  ) {
    var line: [UInt8] = []
    var start = 1
    var physical = 0
    var index = 0
    let count = bytes.count
    while index < count {
      // One physical line: [index, end), without its CR LF.
      var end = index
      while end < count, bytes[end] != 0x0A { end += 1 }
      var contentEnd = end
      if contentEnd > index, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      physical += 1
      let first = index < contentEnd ? bytes[index] : nil
      if first == 0x20 || first == 0x09, !line.isEmpty {
        line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<contentEnd]))
      } else {
        if !isBlank(line), !body(line, start) { return }
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<contentEnd]))
        start = physical
      }
      index = end + 1
    }
    if !isBlank(line) { _ = body(line, start) }
  }

  private static func isBlank(_ line: [UInt8]) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  // MARK: - Content lines

  /// Parses `NAME *(;PARAM=VALUE *(,VALUE)) : VALUE`.
  static func parseLine(_ line: [UInt8], number: Int) throws(ICalendarError)
    -> ICalendarProperty
  {
    var index = 0
    let count = line.count
    func string(_ range: Range<Int>) throws(ICalendarError) -> String {
      guard let text = String.validated(line[range], as: UTF8.self) else { throw .invalidUTF8 }
      return text
    }
    while index < count, line[index] != 0x3B, line[index] != 0x3A { index += 1 }
    guard index < count else {
      // A line with no separator at all: say so unless it is invalid UTF-8 too.
      _ = try string(0..<count)
      throw .missingColon(line: number)
    }
    guard index > 0 else { throw .malformedLine(line: number, reason: "the name is empty") }
    let name = try string(0..<index)
    var parameters: [ICalendarParameter] = []
    while line[index] == 0x3B {
      index += 1
      let nameStart = index
      while index < count, line[index] != 0x3D, line[index] != 0x3A, line[index] != 0x3B {
        index += 1
      }
      guard index < count, line[index] == 0x3D, index > nameStart else {
        if index >= count { throw .missingColon(line: number) }
        throw .malformedLine(line: number, reason: "a parameter has no '=' after its name")
      }
      let parameterName = try string(nameStart..<index)
      var values: [String] = []
      repeat {
        index += 1  // past '=' or ','
        if index < count, line[index] == 0x22 {
          let valueStart = index + 1
          guard let close = line[valueStart...].firstIndex(of: 0x22) else {
            throw .malformedLine(line: number, reason: "a quoted parameter value is not closed")
          }
          values.append(try string(valueStart..<close))
          index = close + 1
        } else {
          let valueStart = index
          while index < count, line[index] != 0x2C, line[index] != 0x3B, line[index] != 0x3A {
            index += 1
          }
          values.append(try string(valueStart..<index))
        }
        guard index < count else { throw .missingColon(line: number) }
      } while line[index] == 0x2C
      guard line[index] == 0x3B || line[index] == 0x3A else {
        throw .malformedLine(
          line: number, reason: "a quoted parameter value is followed by more text")
      }
      parameters.append(ICalendarParameter(name: parameterName, values: values))
    }
    let value = try string((index + 1)..<count)
    return ICalendarProperty(name: name, parameters: parameters, value: value)
  }
}

extension ICalendarComponent {
  /// Reads the one top-level component of `text` (a VCALENDAR object).
  ///
  /// - Parameters:
  ///   - text: iCalendar text with CRLF or LF line ends.
  ///   - maximumSize: The largest text accepted, in UTF-8 bytes.
  /// - Throws: ``ICalendarError`` for malformed text, or
  ///   ``ICalendarError/expectedOneComponent(found:)`` when there is not exactly one.
  public init(parsing text: String, maximumSize: Int = ICalendarReader.defaultMaximumSize)
    throws(ICalendarError)
  {
    let roots = try ICalendarReader.components(in: text, maximumSize: maximumSize)
    guard roots.count == 1 else { throw .expectedOneComponent(found: roots.count) }
    self = roots[0]
  }
}
