import CoreBase
import Foundation

extension DAVMultistatus {
  /// Why an answer could not be read as a multistatus document.
  struct ParseFailure: Error, Equatable {
    var reason: String
  }

  /// Parses a multistatus body.
  ///
  /// A document that declares a DOCTYPE is refused before any parsing: a DAV answer never
  /// needs one, and entity declarations are how an XML answer costs a client its memory
  /// or CPU. A document not in UTF-8 (a UTF-16 byte order mark) is refused for the same
  /// reason — its prolog cannot be checked byte by byte.
  ///
  /// - Throws: ``ParseFailure``.
  static func parse(_ data: Data) throws(ParseFailure) -> DAVMultistatus {
    try XMLProlog.check(data)
    var reader = MultistatusReader()
    do {
      var xml = try XMLPullReader(data, depthLimit: MultistatusReader.depthLimit)
      while let event = try xml.next() {
        switch event {
        case .start(let name, let attributes): reader.start(name, attributes: attributes)
        case .end: reader.end()
        case .text(let text): reader.text += text
        }
      }
    } catch {
      throw ParseFailure(reason: error.description)
    }
    guard reader.sawMultistatus else { throw ParseFailure(reason: "not a DAV multistatus answer") }
    return reader.result
  }
}

/// Checks what comes before a document's first element.
enum XMLProlog {
  /// Throws when the prolog holds a DOCTYPE (where entities are declared) or the
  /// document is not UTF-8.
  static func check(_ data: Data) throws(DAVMultistatus.ParseFailure) {
    let bytes = [UInt8](data.prefix(4))
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes.starts(with: [0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00])
    {
      throw .init(reason: "the answer is not UTF-8 XML")
    }
    var index = data.startIndex
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
    func starts(_ text: String, at position: Data.Index) -> Bool {
      let pattern = Array(text.utf8)
      guard data.endIndex - position >= pattern.count else { return false }
      for (offset, byte) in pattern.enumerated() {
        let found = data[position + offset]
        // ASCII case folding for the letters of the keyword
        if found != byte && !(found | 0x20 == byte | 0x20 && byte.isLetter) { return false }
      }
      return true
    }
    func skip(past terminator: String, from position: Data.Index) -> Data.Index {
      let pattern = Array(terminator.utf8)
      var at = position
      while at < data.endIndex {
        if starts(terminator, at: at) { return at + pattern.count }
        at += 1
      }
      return data.endIndex
    }
    while index < data.endIndex {
      let byte = data[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        index += 1
      } else if starts("<?", at: index) {
        index = skip(past: "?>", from: index + 2)
      } else if starts("<!--", at: index) {
        index = skip(past: "-->", from: index + 4)
      } else if starts("<!", at: index) {
        throw .init(reason: "the answer declares a DOCTYPE, which a DAV answer never needs")
      } else {
        return  // the root element (or text the parser will refuse)
      }
    }
  }
}

extension UInt8 {
  fileprivate var isLetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}

/// Builds a ``DAVMultistatus`` from an ``XMLPullReader``'s events.
///
/// Depth-tracking over the handful of elements a multistatus holds; every other element
/// is walked through (its text counts for the property it is inside).
private struct MultistatusReader {
  var result = DAVMultistatus()
  var sawMultistatus = false
  /// The text read since the last start or end tag.
  var text = ""

  private var path: [DAVName] = []
  private var response: DAVResponse?
  private var propstat: (status: Int?, properties: [DAVName: DAVProperty])?
  private var property: (name: DAVName, value: DAVProperty)?
  /// The most elements deep a DAV answer goes here; deeper is refused.
  static let depthLimit = 64

  mutating func start(_ element: XMLName, attributes: [XMLAttribute]) {
    let name = DAVName(namespace: element.namespace, name: element.name)
    let parent = path.last
    path.append(name)
    if property != nil { property?.value.text += text }
    text = ""
    if path.count == 1 {
      sawMultistatus = name == .dav("multistatus")
      return
    }
    switch (parent, name) {
    case (.dav("multistatus")?, .dav("response")) where path.count == 2:
      response = DAVResponse()
    case (.dav("response")?, .dav("propstat")) where response != nil:
      propstat = (nil, [:])
    case (.dav("prop")?, _) where propstat != nil && property == nil:
      property = (name, DAVProperty())
    default:
      if property != nil {
        if path.count == propertyDepth + 1 { property?.value.children.insert(name) }
        if name == .caldav("comp"),
          let component = attributes.first(where: {
            $0.name == XMLName(namespace: "", name: "name")
          })
        {
          property?.value.components.append(component.value)
        }
      }
    }
  }

  /// The depth of the property element inside multistatus/response/propstat/prop.
  private var propertyDepth: Int { 5 }

  mutating func end() {
    guard let name = path.popLast() else { return }
    let parent = path.last
    defer { text = "" }
    if property != nil {
      if path.count == propertyDepth - 1, let done = property {
        var value = done.value
        value.text += text
        propstat?.properties[done.name] = value
        property = nil
      } else if name == .dav("href") {
        property?.value.hrefs.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
      } else {
        property?.value.text += text
      }
      return
    }
    switch (parent, name) {
    case (.dav("response")?, .dav("href")):
      response?.hrefs.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
    case (.dav("response")?, .dav("status")):
      response?.status = Self.status(text)
    case (.dav("propstat")?, .dav("status")):
      propstat?.status = Self.status(text)
    case (.dav("response")?, .dav("propstat")):
      if let found = propstat, let status = found.status, (200..<300).contains(status) {
        response?.properties.merge(found.properties) { _, new in new }
      }
      propstat = nil
    case (.dav("multistatus")?, .dav("response")):
      if let done = response { result.responses.append(done) }
      response = nil
    case (.dav("multistatus")?, .dav("sync-token")):
      result.syncToken = text.trimmingCharacters(in: .whitespacesAndNewlines)
    default: break
    }
  }

  /// The code in a status line such as `HTTP/1.1 404 Not Found`.
  private static func status(_ line: String) -> Int? {
    let words = line.split(separator: " ")
    return words.count > 1 ? Int(words[1]) : nil
  }
}
