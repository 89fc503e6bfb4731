import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads RSS 0.9x/2.0, RSS 1.0 (RDF) and Atom with `XMLParser`, matching namespaces by URI.
///
/// The reader collects raw text per field (`FeedDraft`); turning it into a `ParsedFeed`
/// (dates, links, ids) happens once the document is read.
///
/// `XMLParser` calls the delegate on one thread, one callback at a time, so the stored
/// properties opt out of dynamic exclusivity checks, which otherwise cost about 5% of a parse.
final class XMLFeedReader: NSObject, XMLParserDelegate {
  /// Where an element's name comes from, by namespace URI.
  enum Namespace {
    case none, atom, rss1, rdf, content, dublinCore, itunes, other
  }

  /// A field whose text is being collected.
  enum Field {
    case title, link, description, content, summary, guid, id, published, updated, dcDate
    case author, authorName, dcCreator, itunesAuthor, subtitle
  }

  @exclusivity(unchecked) private(set) var draft = FeedDraft()
  /// The root element's name when it is not a feed's.
  private(set) var foreignRoot: String?
  /// Whether reading stopped because the item limit was reached.
  private(set) var reachedItemLimit = false

  private let maximumItems: Int
  private let restoresControls: Bool
  @exclusivity(unchecked) private var depth = 0
  // Depths of open elements; `none` (never a real depth, and safe to add 1 to) when closed.
  private static let none = -10
  @exclusivity(unchecked) private var containerDepth = none  // channel (RSS, RDF) or feed (Atom)
  @exclusivity(unchecked) private var item: ItemDraft?
  @exclusivity(unchecked) private var itemDepth = none
  @exclusivity(unchecked) private var authorDepth = none
  /// Below this depth everything is ignored (inside Atom's `<source>`); `Int.max` when not.
  @exclusivity(unchecked) private var skipDepth = Int.max
  @exclusivity(unchecked) private var field: Field?
  @exclusivity(unchecked) private var fieldDepth = 0
  @exclusivity(unchecked) private var fieldType = TextType.text
  @exclusivity(unchecked) private var text = ""
  @exclusivity(unchecked) private var lastURI = ""
  @exclusivity(unchecked) private var lastNamespace = Namespace.none

  init(maximumItems: Int, restoresControls: Bool) {
    self.maximumItems = maximumItems
    self.restoresControls = restoresControls
  }

  // MARK: - Namespaces

  private func namespace(_ uri: String?) -> Namespace {
    guard let uri, !uri.isEmpty else { return .none }
    if uri == lastURI { return lastNamespace }
    let namespace: Namespace
    switch uri {
    case "http://www.w3.org/2005/Atom", "http://purl.org/atom/ns#": namespace = .atom
    case "http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/": namespace = .rss1
    case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": namespace = .rdf
    case "http://purl.org/rss/1.0/modules/content/": namespace = .content
    case "http://purl.org/dc/elements/1.1/": namespace = .dublinCore
    case "http://www.itunes.com/dtds/podcast-1.0.dtd": namespace = .itunes
    case "http://backend.userland.com/rss2", "http://blogs.law.harvard.edu/tech/rss":
      namespace = .none
    default: namespace = .other
    }
    lastURI = uri
    lastNamespace = namespace
    return namespace
  }

  /// The namespace of the format's own elements.
  private var coreNamespace: Namespace {
    switch draft.format {
    case .atom: .atom
    case .rdf: .rss1
    default: .none
    }
  }

  // MARK: - Delegate

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    depth += 1
    if depth > skipDepth { return }
    if field != nil {
      // Markup inside a text field: XHTML content, or HTML a feed forgot to escape.
      text += "<\(name)"
      for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
        text += " \(key)=\"\(HTMLEscaping.escape(value, quotes: true))\""
      }
      text += ">"
      return
    }
    let namespace = namespace(namespaceURI)
    if depth == 1 {
      startRoot(name, namespace, parser)
      return
    }
    if item != nil {
      startItemElement(name, namespace, attributes)
    } else {
      startFeedElement(name, namespace, attributes)
    }
  }

  private func startRoot(_ name: String, _ namespace: Namespace, _ parser: XMLParser) {
    switch (name, namespace) {
    case ("rss", _): draft.format = .rss
    case ("RDF", .rdf), ("rss", .rss1): draft.format = .rdf
    case ("feed", .atom):
      draft.format = .atom
      containerDepth = 1
    default:
      foreignRoot = name
      parser.abortParsing()
    }
  }

  private func startFeedElement(
    _ name: String, _ namespace: Namespace, _ attributes: [String: String]
  ) {
    let core = coreNamespace
    if namespace == core, name == (draft.format == .atom ? "entry" : "item") {
      item = ItemDraft()
      itemDepth = depth
      if draft.format == .rdf { item?.about = attributes["rdf:about"] ?? attributes["about"] }
      return
    }
    if draft.format != .atom, namespace == core, name == "channel" {
      containerDepth = depth
      return
    }
    if depth == authorDepth + 1, name == "name" {
      begin(.authorName)
      return
    }
    guard depth == containerDepth + 1 else { return }
    switch (namespace, name) {
    case (core, "title"): begin(.title, attributes)
    case (core, "link") where draft.format == .atom:
      if isAlternate(attributes), draft.siteLink == nil { draft.siteLink = attributes["href"] }
    case (core, "link"): begin(.link)
    case (core, "description"): begin(.subtitle, type: .html)
    case (.atom, "subtitle"), (.atom, "tagline"): begin(.subtitle, attributes)
    case (.atom, "author"): authorDepth = depth
    default: break
    }
  }

  private func startItemElement(
    _ name: String, _ namespace: Namespace, _ attributes: [String: String]
  ) {
    if depth == authorDepth + 1 {
      if name == "name" { begin(.authorName) }
      return
    }
    guard depth == itemDepth + 1 else { return }
    switch namespace {
    case .atom where draft.format == .atom:
      switch name {
      case "title": begin(.title, attributes)
      case "link":
        if isAlternate(attributes), item?.link == nil { item?.link = attributes["href"] }
      case "id": begin(.id)
      case "published", "issued", "created": begin(.published)
      case "updated", "modified": begin(.updated)
      case "summary": begin(.summary, attributes)
      case "content": if attributes["src"] == nil { begin(.content, attributes) }
      case "author": authorDepth = depth
      case "source": skipDepth = depth
      default: break
      }
    case coreNamespace:
      switch name {
      case "title": begin(.title)
      case "link": begin(.link)
      case "description": begin(.summary, type: .html)
      case "guid":
        begin(.guid)
        item?.guidIsPermaLink = attributes["isPermaLink"]?.lowercased() != "false"
      case "pubDate": begin(.published)
      case "author": begin(.author)
      default: break
      }
    case .content where name == "encoded": begin(.content, type: .html)
    case .dublinCore where name == "date": begin(.dcDate)
    case .dublinCore where name == "creator": begin(.dcCreator)
    case .itunes where name == "author": begin(.itunesAuthor)
    default: break
    }
  }

  private func isAlternate(_ attributes: [String: String]) -> Bool {
    let rel = attributes["rel"] ?? "alternate"
    return rel == "alternate" && attributes["href"] != nil
  }

  private func begin(_ field: Field, _ attributes: [String: String]) {
    begin(field, type: TextType(attributes["type"] ?? attributes["mode"]))
  }

  private func begin(_ field: Field, type: TextType = .text) {
    self.field = field
    fieldDepth = depth
    fieldType = type
    text = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard field != nil else { return }
    if fieldType == .xhtml {
      text += HTMLEscaping.escape(string, quotes: false)
    } else if text.isEmpty {
      text = string
    } else {
      text += string
    }
  }

  func parser(_ parser: XMLParser, foundCDATA block: Data) {
    guard field != nil else { return }
    let string = String(decoding: block, as: UTF8.self)
    text += fieldType == .xhtml ? HTMLEscaping.escape(string, quotes: false) : string
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    defer { depth -= 1 }
    if depth >= skipDepth {
      if depth == skipDepth { skipDepth = .max }
      return
    }
    if let field {
      if depth == fieldDepth {
        finish(field)
      } else {
        text += "</\(name)>"
      }
      return
    }
    if depth == authorDepth {
      authorDepth = Self.none
    } else if depth == itemDepth, item != nil {
      if let finished = item.take() { draft.items.append(finished) }
      itemDepth = Self.none
      if draft.items.count >= maximumItems {
        reachedItemLimit = true
        parser.abortParsing()
      }
    }
  }

  private func finish(_ field: Field) {
    self.field = nil
    var value = restoresControls ? XMLPreparation.restoreControls(in: text) : text
    text = ""
    if fieldType == .text, field == .summary || field == .content {
      value = HTMLEscaping.htmlFromPlainText(value)
    }
    let typed = TypedText(value: value, type: fieldType)
    guard item != nil else {
      switch field {
      case .title: draft.title = typed
      case .link: draft.siteLink = value
      case .subtitle: draft.description = typed
      case .authorName: draft.author = value
      default: break
      }
      return
    }
    // Mutate in place through the optional: copying the draft out and back costs a
    // retain and release per field, per item.
    switch field {
    case .title: item?.title = typed
    case .link: if item?.link == nil { item?.link = value }
    case .summary: item?.summary = value
    case .content: item?.content = value
    case .guid, .id: item?.guid = value
    case .published: item?.published = value
    case .updated: item?.updated = value
    case .dcDate: item?.dcDate = value
    case .author: item?.author = value
    case .authorName: item?.authorName = value
    case .dcCreator: item?.dcCreator = value
    case .itunesAuthor: item?.itunesAuthor = value
    case .description, .subtitle: break
    }
  }
}

/// How an Atom text construct is written.
enum TextType: Equatable {
  case text, html, xhtml

  init(_ attribute: String?) {
    guard let attribute = attribute?.lowercased() else {
      self = .text
      return
    }
    if attribute.contains("xhtml") {
      self = .xhtml
    } else if attribute.contains("html") || attribute == "escaped" {
      self = .html
    } else {
      self = .text
    }
  }
}

/// Text with the way it is written.
struct TypedText {
  var value: String
  var type: TextType
}
