internal import Foundation

/// The tokenizer and layout behind `HTMLText`.
struct HTMLRenderer {
  private(set) var links: [URL] = []
  private let baseURL: URL?
  private var output: [UInt8] = []
  /// Newlines the next visible text needs before it (1 = new line, 2 = blank line).
  private var pendingBreak = 0
  /// The quote depth that all of the pending break lies inside.
  private var breakQuoteDepth = 0
  private var pendingSpace = false
  private var atLineStart = true
  private var pendingMarker: [UInt8] = []
  private var quoteDepth = 0
  private var lists: [(ordered: Bool, counter: Int)] = []
  private var preDepth = 0
  private var openLink: URL?

  /// Whether links and images leave no trace (`[1]`, `[image: …]`): text for a title.
  private let isLine: Bool

  private static let maximumIndent = 6

  init(baseURL: URL?, isLine: Bool = false) {
    self.baseURL = baseURL
    self.isLine = isLine
  }

  // MARK: - Tokenizer

  mutating func render(_ input: [UInt8]) {
    output.reserveCapacity(input.count)
    var index = 0
    let count = input.count
    while index < count {
      let byte = input[index]
      if byte == UInt8(ascii: "<"), index + 1 < count {
        let next = input[index + 1]
        if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
          index = skipDeclaration(input, from: index)
          continue
        }
        if next == UInt8(ascii: "/") || isLetter(next) {
          if let (tag, end) = readTag(input, from: index) {
            index = end
            handle(tag)
            if !tag.isEnd, tag.name == "script" || tag.name == "style" {
              index = skipRawText(input, from: index, name: tag.name)
            }
            continue
          }
          return  // an unterminated tag at the end: drop it
        }
      }
      if byte == UInt8(ascii: "&"), let (value, end) = HTMLEntities.reference(in: input, at: index)
      {
        if value == " " || value == "\n" || value == "\t" {
          whitespace(value.utf8.first ?? 0x20)
        } else {
          text(Array(value.utf8))
        }
        index = end
        continue
      }
      if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
        whitespace(byte)
        index += 1
        continue
      }
      // A run of ordinary text.
      var end = index + 1
      while end < count {
        let b = input[end]
        if b == UInt8(ascii: "<") || b == UInt8(ascii: "&") || b == 0x20 || b == 0x0A || b == 0x09
          || b == 0x0D || b == 0x0C
        {
          break
        }
        end += 1
      }
      text(input[index..<end])
      index = end
    }
  }

  private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 97 < 26 }

  /// Skips `<!-- … -->`, `<!DOCTYPE …>`, `<![CDATA[ … ]]>` (keeping its text) or `<? … >`.
  private mutating func skipDeclaration(_ input: [UInt8], from start: Int) -> Int {
    if input[start...].starts(with: "<!--".utf8) {
      var index = start + 4
      while index + 2 < input.count {
        if input[index] == UInt8(ascii: "-"), input[index + 1] == UInt8(ascii: "-"),
          input[index + 2] == UInt8(ascii: ">")
        {
          return index + 3
        }
        index += 1
      }
      return input.count
    }
    if input[start...].starts(with: "<![CDATA[".utf8) {
      var index = start + 9
      while index + 2 < input.count {
        if input[index] == UInt8(ascii: "]"), input[index + 1] == UInt8(ascii: "]"),
          input[index + 2] == UInt8(ascii: ">")
        {
          break
        }
        index += 1
      }
      let end = min(index, input.count)
      text(input[(start + 9)..<max(start + 9, end)])
      return min(end + 3, input.count)
    }
    var index = start + 2
    while index < input.count, input[index] != UInt8(ascii: ">") { index += 1 }
    return min(index + 1, input.count)
  }

  private func skipRawText(_ input: [UInt8], from start: Int, name: String) -> Int {
    let closing = Array("</\(name)".utf8)
    var index = start
    while index + closing.count <= input.count {
      if input[index] == UInt8(ascii: "<"),
        zip(input[index..<(index + closing.count)], closing).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
      {
        var end = index + closing.count
        while end < input.count, input[end] != UInt8(ascii: ">") { end += 1 }
        return min(end + 1, input.count)
      }
      index += 1
    }
    return input.count
  }

  struct Tag {
    var name: String
    var isEnd: Bool
    var attributes: [String: String] = [:]
  }

  /// Reads a start or end tag at `start` (a `<`); `nil` when it never closes.
  private func readTag(_ input: [UInt8], from start: Int) -> (Tag, Int)? {
    var index = start + 1
    let isEnd = input[index] == UInt8(ascii: "/")
    if isEnd { index += 1 }
    let nameStart = index
    while index < input.count, !isTagDelimiter(input[index]) { index += 1 }
    var tag = Tag(
      name: String(decoding: input[nameStart..<index], as: UTF8.self).lowercased(), isEnd: isEnd)
    while index < input.count {
      let byte = input[index]
      if byte == UInt8(ascii: ">") { return (tag, index + 1) }
      if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: "/") {
        index += 1
        continue
      }
      // An attribute: name[=value].
      let attributeStart = index
      while index < input.count, !isTagDelimiter(input[index]), input[index] != UInt8(ascii: "=") {
        index += 1
      }
      let name = String(decoding: input[attributeStart..<index], as: UTF8.self).lowercased()
      while index < input.count, input[index] == 0x20 { index += 1 }
      guard index < input.count, input[index] == UInt8(ascii: "=") else {
        if index == attributeStart { index += 1 }
        continue
      }
      index += 1
      while index < input.count, input[index] == 0x20 || input[index] == 0x0A { index += 1 }
      guard index < input.count else { return nil }
      var valueStart = index
      let valueEnd: Int
      if input[index] == UInt8(ascii: "\"") || input[index] == UInt8(ascii: "'") {
        let quote = input[index]
        valueStart += 1
        index += 1
        while index < input.count, input[index] != quote { index += 1 }
        guard index < input.count else { return nil }
        valueEnd = index
        index += 1
      } else {
        while index < input.count, !isSpace(input[index]), input[index] != UInt8(ascii: ">") {
          index += 1
        }
        valueEnd = index
      }
      if name == "href" || name == "alt" || name == "start" {
        let raw = String(decoding: input[valueStart..<valueEnd], as: UTF8.self)
        tag.attributes[name] = HTMLEntities.decodeAll(in: raw)
      }
    }
    return nil
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
  }

  private func isTagDelimiter(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "/")
  }

  // MARK: - Layout

  private mutating func handle(_ tag: Tag) {
    switch tag.name {
    case "br": lineBreak()
    case "p", "h1", "h2", "h3", "h4", "h5", "h6", "table", "hr", "figure", "dl", "pre":
      if tag.name == "pre" { preDepth = max(0, preDepth + (tag.isEnd ? -1 : 1)) }
      requestBreak(2)
    case "div", "tr", "section", "article", "header", "footer", "aside", "nav", "main",
      "figcaption", "dt", "dd", "address", "center", "details", "summary":
      requestBreak(1)
    case "blockquote":
      requestBreak(2)
      quoteDepth = max(0, quoteDepth + (tag.isEnd ? -1 : 1))
    case "ul", "ol":
      if tag.isEnd {
        if !lists.isEmpty { lists.removeLast() }
      } else {
        let start = tag.attributes["start"].flatMap { Int($0) } ?? 1
        lists.append((tag.name == "ol", start - 1))
      }
      requestBreak(lists.isEmpty ? 2 : 1)
    case "li":
      requestBreak(1)
      if !tag.isEnd { startListItem() }
    case "td", "th":
      if !tag.isEnd, !atLineStart { pendingSpace = true }
    case "a" where isLine, "img" where isLine: break
    case "a":
      if tag.isEnd {
        closeLink()
      } else {
        closeLink()
        openLink = tag.attributes["href"].flatMap(linkURL)
      }
    case "img":
      if let alt = tag.attributes["alt"].flatMap(collapsedText) {
        text(Array("[image: \(alt)]".utf8))
      }
    default: break
    }
  }

  private func linkURL(_ href: String) -> URL? {
    guard let trimmed = nonBlank(href), !trimmed.hasPrefix("#") else { return nil }
    return webURL(trimmed, base: baseURL)
  }

  private mutating func closeLink() {
    guard let url = openLink else { return }
    openLink = nil
    let number: Int
    if let existing = links.firstIndex(of: url) {
      number = existing + 1
    } else {
      links.append(url)
      number = links.count
    }
    pendingSpace = !atLineStart || pendingBreak == 0
    text(Array("[\(number)]".utf8))
  }

  private mutating func startListItem() {
    let depth = min(lists.count, Self.maximumIndent)
    var marker = Array(repeating: UInt8(0x20), count: max(0, depth - 1) * 2)
    if lists.isEmpty || lists[lists.count - 1].ordered == false {
      marker += Array("• ".utf8)
    } else {
      lists[lists.count - 1].counter += 1
      marker += Array("\(lists[lists.count - 1].counter). ".utf8)
    }
    pendingMarker = marker
  }

  private mutating func requestBreak(_ newlines: Int) {
    breakQuoteDepth = pendingBreak == 0 ? quoteDepth : min(breakQuoteDepth, quoteDepth)
    pendingBreak = max(pendingBreak, newlines)
    pendingSpace = false
  }

  private mutating func lineBreak() {
    trimTrailingSpaces()
    output.append(0x0A)
    atLineStart = true
    pendingSpace = false
  }

  private mutating func whitespace(_ byte: UInt8) {
    if preDepth > 0 {
      if byte == 0x0A { lineBreak() } else if byte != 0x0D { text([byte == 0x09 ? 0x09 : 0x20]) }
      return
    }
    if !atLineStart || pendingBreak > 0 { pendingSpace = true }
  }

  private mutating func text(_ bytes: some Collection<UInt8>) {
    guard !bytes.isEmpty else { return }
    if pendingBreak > 0, !output.isEmpty {
      trimTrailingSpaces()
      var trailing = 0
      while trailing < output.count, output[output.count - 1 - trailing] == 0x0A { trailing += 1 }
      for count in trailing..<max(trailing, pendingBreak) {
        if count > 0, breakQuoteDepth > 0 {
          // A blank line inside a quote keeps the quote's marks.
          let marks = Array(repeating: ">", count: min(breakQuoteDepth, Self.maximumIndent))
          output.append(contentsOf: marks.joined(separator: " ").utf8)
        }
        output.append(0x0A)
      }
      atLineStart = true
    }
    pendingBreak = 0
    if atLineStart {
      for _ in 0..<min(quoteDepth, Self.maximumIndent) { output.append(contentsOf: "> ".utf8) }
      if pendingMarker.isEmpty, !lists.isEmpty {
        output.append(
          contentsOf: repeatElement(0x20, count: min(lists.count, Self.maximumIndent) * 2))
      }
      output.append(contentsOf: pendingMarker)
      pendingMarker = []
      atLineStart = false
    } else if pendingSpace {
      output.append(0x20)
    }
    pendingSpace = false
    output.append(contentsOf: bytes)
  }

  private mutating func trimTrailingSpaces() {
    while let last = output.last, last == 0x20 || last == 0x09 { output.removeLast() }
  }

  /// The text, trimmed, with at most one blank line in a row.
  mutating func finishedText() -> String {
    closeLink()
    var result: [UInt8] = []
    result.reserveCapacity(output.count)
    var newlines = 0
    for byte in output {
      if byte == 0x0A {
        newlines += 1
        if newlines <= 2 { result.append(byte) }
      } else {
        newlines = 0
        result.append(byte)
      }
    }
    while let last = result.last, isSpace(last) { result.removeLast() }
    let start = result.firstIndex { !isSpace($0) } ?? result.endIndex
    return String(decoding: result[start...], as: UTF8.self)
  }
}
