extension Preparer {
  /// Reads a `<!DOCTYPE …>` at `start`, noting the entities its internal subset declares.
  ///
  /// - Parameter start: The index of `<`.
  /// - Returns: The index after the declaration's `>`.
  mutating func doctype(from start: Int) -> Int {
    var position = start + 9
    var quote: UInt8 = 0
    var inSubset = false
    while position < input.count {
      let byte = input[position]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if !inSubset, byte == UInt8(ascii: "[") {
        inSubset = true
      } else if inSubset, byte == UInt8(ascii: "]") {
        inSubset = false
      } else if !inSubset, byte == UInt8(ascii: ">") {
        return position + 1
      } else if inSubset, byte == UInt8(ascii: "<") {
        position = declaration(from: position)
        continue
      }
      position += 1
    }
    return position
  }

  /// Reads one markup declaration of the internal subset; returns the index after it.
  private mutating func declaration(from start: Int) -> Int {
    var tokens: [[UInt8]] = []
    var values: [[UInt8]] = []
    var position = start + 1
    if position + 2 < input.count, input[position] == UInt8(ascii: "!"),
      input[position + 1] == UInt8(ascii: "-"), input[position + 2] == UInt8(ascii: "-")
    {
      // A comment.
      position += 3
      while position + 2 < input.count {
        if input[position] == UInt8(ascii: "-"), input[position + 1] == UInt8(ascii: "-"),
          input[position + 2] == UInt8(ascii: ">")
        {
          return position + 3
        }
        position += 1
      }
      return input.count
    }
    while position < input.count {
      let byte = input[position]
      if byte == UInt8(ascii: ">") {
        position += 1
        break
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        let valueStart = position + 1
        position = valueStart
        while position < input.count, input[position] != byte { position += 1 }
        values.append(Array(input[valueStart..<min(position, input.count)]))
        tokens.append([])  // marks where the literal was
        position += 1
        continue
      }
      if isASCIISpace(byte) {
        position += 1
        continue
      }
      let tokenStart = position
      while position < input.count, !isASCIISpace(input[position]),
        input[position] != UInt8(ascii: ">"), input[position] != UInt8(ascii: "\""),
        input[position] != UInt8(ascii: "'")
      {
        position += 1
      }
      tokens.append(Array(input[tokenStart..<position]))
    }
    // <!ENTITY name "value">, or an external or parameter entity (never read).
    guard tokens.count >= 2, tokens[0].elementsEqual("!ENTITY".utf8) else { return position }
    guard !tokens[1].elementsEqual("%".utf8) else { return position }
    let name = String(decoding: tokens[1], as: UTF8.self)
    let isInternal = tokens.count >= 3 && tokens[2].isEmpty && values.count == 1
    entities.declare(name, value: isInternal ? values[0] : nil)
    return position
  }
}

/// The general entities a document declares in its internal DTD subset, and their
/// expansions.
///
/// Only simple entities are expanded: text and references, no markup, at most 64 KiB
/// each and 1 MiB for the whole document. The rest (external entities, markup, anything
/// larger, recursion) is left to libxml2, which never resolves external entities and stops
/// expansion bombs.
struct DeclaredEntities {
  /// The largest expansion of one entity.
  static let maximumExpansion = 64 * 1024
  /// The most bytes all expansions in a document may add.
  static let documentBudget = 1024 * 1024

  /// Text with the control characters it holds mapped to stand-ins.
  struct Expansion {
    var bytes: [UInt8]
    var mappedControls: Bool
  }

  /// Declared names, with the literal value of internal ones (`nil` for external ones).
  private var values: [String: [UInt8]?] = [:]
  private var expansions: [String: Expansion] = [:]
  private var unexpandable: Set<String> = []
  private var budget = documentBudget

  /// Whether the document declares `name`.
  func isDeclared(_ name: String) -> Bool { !values.isEmpty && values[name] != nil }

  /// Whether `name` is declared as an external entity (`SYSTEM`, `PUBLIC`), which is
  /// never read.
  func isExternal(_ name: String) -> Bool {
    guard let declared = values[name] else { return false }
    return declared == nil
  }

  /// Notes a declaration; as XML says, the first one of a name wins.
  mutating func declare(_ name: String, value: [UInt8]?) {
    if values[name] == nil { values[name] = .some(value) }
  }

  /// The text that replaces `&name;`, or `nil` when the entity is not simple or the
  /// document's budget is spent.
  mutating func expansion(of name: String) -> Expansion? {
    var inProgress: Set<String> = []
    guard let expansion = expand(name, inProgress: &inProgress), expansion.bytes.count <= budget
    else { return nil }
    budget -= expansion.bytes.count
    return expansion
  }

  private mutating func expand(_ name: String, inProgress: inout Set<String>) -> Expansion? {
    if let done = expansions[name] { return done }
    guard !unexpandable.contains(name), !inProgress.contains(name), inProgress.count < 8,
      let declared = values[name], let value = declared
    else { return nil }
    inProgress.insert(name)
    defer { inProgress.remove(name) }
    var output: [UInt8] = []
    var mapped = false
    var index = 0
    func fail() -> Expansion? {
      unexpandable.insert(name)
      return nil
    }
    while index < value.count {
      let byte = value[index]
      if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "%") { return fail() }
      if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
        output += XMLPreparation.controlScalarBytes(UInt32(byte))
        mapped = true
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "&") else {
        output.append(byte)
        index += 1
        continue
      }
      guard let end = value[index...].prefix(64).firstIndex(of: UInt8(ascii: ";")),
        end > index + 1
      else { return fail() }
      let body = value[(index + 1)..<end]
      index = end + 1
      if body.first == UInt8(ascii: "#") {
        guard let scalar = HTMLEntities.decodeNumeric(body) else { return fail() }
        if scalar.value < 0x20, scalar.value != 0x09, scalar.value != 0x0A, scalar.value != 0x0D {
          output += XMLPreparation.controlScalarBytes(scalar.value)
          mapped = true
        } else {
          output += "&#\(scalar.value);".utf8
        }
        continue
      }
      let reference = String(decoding: body, as: UTF8.self)
      guard appendNamed(reference, to: &output, mapped: &mapped, inProgress: &inProgress),
        output.count <= Self.maximumExpansion
      else { return fail() }
    }
    if output.count > Self.maximumExpansion { return fail() }
    let expansion = Expansion(bytes: output, mappedControls: mapped)
    expansions[name] = expansion
    return expansion
  }

  /// Appends what `&reference;` stands for in an entity's value: one of XML's five as
  /// it is, a declared entity expanded, an HTML one as character references, anything
  /// else escaped; false when a declared one cannot be expanded.
  private mutating func appendNamed(
    _ reference: String, to output: inout [UInt8], mapped: inout Bool,
    inProgress: inout Set<String>
  ) -> Bool {
    switch reference {
    case "amp", "lt", "gt", "quot", "apos":
      output += "&\(reference);".utf8
    case _ where values[reference] != nil:
      guard let inner = expand(reference, inProgress: &inProgress) else { return false }
      output += inner.bytes
      mapped = mapped || inner.mappedControls
    case _:
      if let text = HTMLEntities.named[reference] {
        for scalar in text.unicodeScalars { output += "&#\(scalar.value);".utf8 }
      } else {
        output += "&amp;\(reference);".utf8
      }
    }
    return true
  }
}
