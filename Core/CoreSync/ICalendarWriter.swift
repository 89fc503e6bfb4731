/// Writes ``ICalendarComponent`` trees as iCalendar (RFC 5545) text.
///
/// Lines end in CRLF and are folded so that none is longer than 75 octets (the CRLF
/// not counted; a continuation line starts with one space, which counts). A fold
/// never splits a UTF-8 character. A parameter value holding `:`, `;` or `,` is
/// quoted; a double quote cannot appear in one and is dropped. A raw line break in a
/// value (which a raw value should never hold) is written as `\n`, so the output is
/// always one content line per property.
public enum ICalendarWriter {
  /// The longest line written, in octets, without its CRLF.
  public static let lineLimit = 75

  /// The text of `component`, its properties and nested components.
  public static func text(of component: ICalendarComponent) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(1024)
    append(component, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static func append(_ component: ICalendarComponent, to output: inout [UInt8]) {
    appendLine(ICalendarProperty(name: "BEGIN", value: component.name), to: &output)
    for property in component.properties { appendLine(property, to: &output) }
    for nested in component.components { append(nested, to: &output) }
    appendLine(ICalendarProperty(name: "END", value: component.name), to: &output)
  }

  /// Appends one property as a folded content line with its CRLF.
  static func appendLine(_ property: ICalendarProperty, to output: inout [UInt8]) {
    var line: [UInt8] = []
    line.append(contentsOf: property.name.utf8)
    for parameter in property.parameters {
      line.append(0x3B)
      line.append(contentsOf: parameter.name.utf8)
      line.append(0x3D)
      for (position, value) in parameter.values.enumerated() {
        if position > 0 { line.append(0x2C) }
        let bytes = value.utf8.filter { $0 != 0x22 }.map { $0 == 0x0D || $0 == 0x0A ? 0x20 : $0 }
        let quoted = bytes.contains { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C }
        if quoted { line.append(0x22) }
        line.append(contentsOf: bytes)
        if quoted { line.append(0x22) }
      }
    }
    line.append(0x3A)
    var previousCR = false
    for byte in property.value.utf8 {
      switch byte {
      case 0x0D:
        line.append(0x5C)
        line.append(0x6E)
        previousCR = true
        continue
      case 0x0A:
        if !previousCR {
          line.append(0x5C)
          line.append(0x6E)
        }
      default: line.append(byte)
      }
      previousCR = false
    }
    fold(line, into: &output)
  }

  /// Appends `line` folded at ``lineLimit`` octets, never inside a UTF-8 character.
  static func fold(_ line: [UInt8], into output: inout [UInt8]) {
    var start = 0
    var limit = lineLimit
    while line.count - start > limit {
      var end = start + limit
      // Step back over continuation bytes (10xxxxxx) so that `end` starts a character.
      while end > start + 1, line[end] & 0xC0 == 0x80 { end -= 1 }
      output.append(contentsOf: line[start..<end])
      output.append(contentsOf: [0x0D, 0x0A, 0x20])
      start = end
      limit = lineLimit - 1
    }
    output.append(contentsOf: line[start...])
    output.append(contentsOf: [0x0D, 0x0A])
  }
}

extension ICalendarComponent {
  /// This component as iCalendar text: CRLF line ends, folded at 75 octets.
  public func serialized() -> String { ICalendarWriter.text(of: self) }
}
