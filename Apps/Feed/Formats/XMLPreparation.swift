/// Fixes, before `XMLParser` sees them, the two things real feeds do that XML forbids.
///
/// - A bare `&` that starts no reference is escaped as `&amp;` (libxml2 would drop it).
/// - HTML entity names (`&nbsp;`, `&hellip;`, …) are not defined in XML; libxml2 drops
///   them (gluing words together). They are rewritten as numeric references.
/// - Control characters (ESC and the other C0 codes but tab, line feed and carriage
///   return) may not appear in XML 1.0, raw or as `&#27;`; libxml2 drops them. They are
///   mapped into a private-use block (U+F0000 + code) here and mapped back in the text
///   the reader delivers, so a feed's data reaches the app unchanged — the terminal
///   sanitizer, not the parser, decides what is safe to show.
///
/// CDATA sections are left alone except for control characters. Unknown entity names
/// (such as those a document defines itself) are left for libxml2, which rejects
/// expansion bombs.
enum XMLPreparation {
  /// The first scalar of the private-use block that stands for C0 control codes.
  static let controlBase: UInt32 = 0xF0000

  /// Returns the prepared bytes, and whether any control character was mapped.
  ///
  /// - Parameter input: UTF-8 bytes of an XML document.
  /// - Returns: The bytes to parse and whether `restoreControls(in:)` is needed.
  static func prepare(_ input: [UInt8]) -> (bytes: [UInt8], mappedControls: Bool) {
    var output: [UInt8] = []
    var copied = 0  // input[..<copied] is already in output (once output is in use)
    var changed = false
    var mapped = false
    let count = input.count
    var index = 0

    func replace(_ range: Range<Int>, with bytes: some Sequence<UInt8>) {
      if !changed {
        output.reserveCapacity(count + 64)
        changed = true
      }
      output.append(contentsOf: input[copied..<range.lowerBound])
      output.append(contentsOf: bytes)
      copied = range.upperBound
    }

    while index < count {
      // Skip ordinary bytes without bounds checks: this loop sees every byte of the feed.
      index = input.withUnsafeBufferPointer { buffer in
        var position = index
        while position < count {
          let byte = buffer[position]
          if byte > 0x3C || (byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<"))
          {
            position += 1
          } else {
            break
          }
        }
        return position
      }
      guard index < count else { break }
      let byte = input[index]
      if byte >= 0x3C || (byte >= 0x20 && byte != UInt8(ascii: "&")) {
        if byte == UInt8(ascii: "<"), index + 8 < count, input[index + 1] == UInt8(ascii: "!"),
          input[index + 2] == UInt8(ascii: "["),
          input[(index + 3)..<(index + 9)].elementsEqual("CDATA[".utf8)
        {
          index = skipCDATA(
            input, from: index + 9,
            mapping: { range, code in
              replace(range, with: controlScalarBytes(code))
              mapped = true
            })
          continue
        }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "&") {
        if let (replacement, end, isControl) = entityReplacement(input, at: index) {
          replace(index..<end, with: replacement)
          mapped = mapped || isControl
          index = end
        } else {
          index += 1
        }
        continue
      }
      if byte == 0x09 || byte == 0x0A || byte == 0x0D {
        index += 1
        continue
      }
      replace(index..<(index + 1), with: controlScalarBytes(UInt32(byte)))
      mapped = true
      index += 1
    }
    guard changed else { return (input, false) }
    output.append(contentsOf: input[copied...])
    return (output, mapped)
  }

  /// Maps private-use stand-ins back to the control characters they replaced.
  ///
  /// - Parameter text: Text the XML parser delivered.
  /// - Returns: The text with control characters restored.
  static func restoreControls(in text: String) -> String {
    var scalars = String.UnicodeScalarView()
    var changed = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value >= controlBase, value < controlBase + 0x20,
        let control = Unicode.Scalar(value - controlBase)
      {
        scalars.append(control)
        changed = true
      } else {
        scalars.append(scalar)
      }
    }
    return changed ? String(scalars) : text
  }

  private static func controlScalarBytes(_ code: UInt32) -> String.UTF8View {
    String(Character(Unicode.Scalar(controlBase + code) ?? "\u{FFFD}")).utf8
  }

  /// Skips to after `]]>`, reporting raw control characters on the way.
  private static func skipCDATA(
    _ input: [UInt8], from start: Int, mapping: (Range<Int>, UInt32) -> Void
  ) -> Int {
    var index = start
    while index < input.count {
      let byte = input[index]
      if byte == UInt8(ascii: "]"), index + 2 < input.count, input[index + 1] == UInt8(ascii: "]"),
        input[index + 2] == UInt8(ascii: ">")
      {
        return index + 3
      }
      if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
        mapping(index..<(index + 1), UInt32(byte))
      }
      index += 1
    }
    return index
  }

  private static func isReferenceByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 97 < 26 || byte &- 48 < 10 || byte == UInt8(ascii: "#")
      || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
      || byte >= 0x80
  }

  /// The replacement for the reference at `start`, when it needs one.
  private static func entityReplacement(_ input: [UInt8], at start: Int)
    -> ([UInt8], Int, Bool)?
  {
    // Fast path for the references XML defines, which need nothing: most `&`s are these.
    if start + 3 < input.count {
      let (a, b, c) = (input[start + 1], input[start + 2], input[start + 3])
      if (a == UInt8(ascii: "l") || a == UInt8(ascii: "g")) && b == UInt8(ascii: "t")
        && c == UInt8(ascii: ";")
      {
        return nil
      }
      if a == UInt8(ascii: "a"), b == UInt8(ascii: "m"), c == UInt8(ascii: "p"),
        start + 4 < input.count,
        input[start + 4] == UInt8(ascii: ";")
      {
        return nil
      }
    }
    var end = start + 1
    let limit = min(input.count, start + 64)
    while end < limit, input[end] != UInt8(ascii: ";"), isReferenceByte(input[end]) { end += 1 }
    guard end < limit, end > start + 1, input[end] == UInt8(ascii: ";") else {
      // A bare `&` (as in "Tom & Jerry"): XML forbids it and libxml2 drops it; escape it.
      return (Array("&amp;".utf8), start + 1, false)
    }
    let body = input[(start + 1)..<end]
    if body.first == UInt8(ascii: "#") {
      guard let scalar = HTMLEntities.decode(body), scalar.value < 0x20, scalar.value != 0x09,
        scalar.value != 0x0A, scalar.value != 0x0D
      else { return nil }
      return (Array(controlScalarBytes(scalar.value)), end + 1, true)
    }
    switch String(decoding: body, as: UTF8.self) {
    case "amp", "lt", "gt", "quot", "apos": return nil
    case let name:
      guard let scalar = HTMLEntities.named[name] else { return nil }
      return (Array("&#\(scalar.value);".utf8), end + 1, false)
    }
  }
}
