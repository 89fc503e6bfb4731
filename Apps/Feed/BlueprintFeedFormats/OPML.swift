internal import CoreBase
package import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reading and writing OPML subscription lists (`feed import`, `feed export`).
package enum OPML {
  /// A feed outline: its address, title and folder.
  package struct Outline: Equatable {
    package var url: String
    package var title: String?
    /// The `title` (else `text`) of the nearest outline it is nested in that has no
    /// `xmlUrl`: its folder, as NetNewsWire, newsboat and FreshRSS export them.
    package var folder: String?

    package init(url: String, title: String? = nil, folder: String? = nil) {
      self.url = url
      self.title = title
      self.folder = folder
    }
  }

  /// The feed outlines (`xmlUrl`) of an OPML document, nested ones included, each with
  /// its folder.
  ///
  /// - Throws: `OPML.Malformed` when the bytes are not an OPML document.
  package static func outlines(in data: Data) throws -> [Outline] {
    let reader = Reader()
    // White space before the XML declaration (after a byte order mark, if any) is not
    // well-formed, but files saved by hand have it; the parser gets the rest.
    let bom = Data([0xEF, 0xBB, 0xBF])
    let body = data.starts(with: bom) ? data.dropFirst(3) : data[...]
    let start = body.firstIndex { !" \t\r\n".utf8.contains($0) } ?? body.endIndex
    let parser = XMLParser(data: Data(body[start...]))
    parser.shouldResolveExternalEntities = false
    parser.delegate = reader
    let finished = parser.parse()
    guard reader.sawRoot else { throw Malformed(reason: "the root element is not <opml>") }
    // A file cut short or broken midway is refused whole: importing the outlines
    // before the break would look like success while losing the rest.
    guard finished, reader.closedRoot else {
      throw Malformed(
        reason: "the XML breaks off or is not well-formed at line \(parser.lineNumber), "
          + "column \(parser.columnNumber); nothing was imported")
    }
    return reader.outlines
  }

  package struct Malformed: Error {
    package var reason: String
  }

  /// An OPML 2.0 document listing `feeds`: those without a folder at the top, those
  /// with one nested under an outline of that name, placed where its first feed is.
  package static func document(_ feeds: [(title: String, url: String, folder: String?)])
    -> String
  {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <opml version="2.0">
        <head>
          <title>feed subscriptions</title>
        </head>
        <body>

      """
    func line(_ feed: (title: String, url: String, folder: String?), indent: String) -> String {
      let title = escape(feed.title)
      return indent
        + "<outline type=\"rss\" text=\"\(title)\" title=\"\(title)\" xmlUrl=\"\(escape(feed.url))\"/>\n"
    }
    var written = Set<String>()
    for feed in feeds {
      guard let folder = feed.folder else {
        text += line(feed, indent: "    ")
        continue
      }
      guard written.insert(folder).inserted else { continue }
      let name = escape(folder)
      text += "    <outline text=\"\(name)\" title=\"\(name)\">\n"
      for member in feeds where member.folder == folder {
        text += line(member, indent: "      ")
      }
      text += "    </outline>\n"
    }
    text += "  </body>\n</opml>\n"
    return text
  }

  /// Escapes text for an XML attribute; drops characters XML 1.0 cannot carry and
  /// writes the other invisible characters (DEL, C1 controls, bidi controls,
  /// separators, zero-width characters: Core's `InvisibleCharacter`) as character
  /// references, so the document is safe to print on a terminal and reads back the same.
  package static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\n": result += "&#10;"
      case "\t": result += "&#9;"
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
      case _ where scalar.invisibleKind != nil:
        result += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var outlines: [Outline] = []
    var sawRoot = false
    /// Whether the root element ended: a file cut short never gets there, though
    /// the parser may not call it an error.
    var closedRoot = false
    private var depth = 0
    /// For each open element: the folder name of an outline without `xmlUrl` (empty
    /// when it has no name), `nil` for any other element.
    private var open: [String?] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
      depth += 1
      if depth == 1 { sawRoot = elementName.lowercased() == "opml" }
      guard sawRoot, elementName.lowercased() == "outline" else {
        open.append(nil)
        return
      }
      let url = attributes.first { $0.key.lowercased() == "xmlurl" }?.value
      guard let url, !url.isEmpty else {
        open.append(
          attributes["title"].flatMap { $0.isEmpty ? nil : $0 } ?? attributes["text"] ?? "")
        return
      }
      let title = attributes["title"] ?? attributes["text"]
      open.append(nil)
      let folder = open.dropLast().last { $0 != nil }.flatMap { $0 }
      outlines.append(
        Outline(
          url: url, title: title?.isEmpty == true ? nil : title,
          folder: folder?.isEmpty == true ? nil : folder))
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      depth -= 1
      _ = open.popLast()
      if depth == 0 { closedRoot = true }
    }
  }
}
