internal import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads RSS 0.9x/2.0, RSS 1.0 (RDF) and Atom with `XMLParser`, matching namespaces by URI.
///
/// The reader collects raw text per field (`FeedDraft`); turning it into a `ParsedFeed`
/// (dates, links, ids) happens once the document is read.
///
/// `XMLParser` calls the delegate on one thread, one callback at a time.
final class XMLFeedReader: NSObject, XMLParserDelegate {
  /// Where an element's name comes from, by namespace URI.
  enum Namespace {
    case none, atom, rss1, rdf, content, dublinCore, dublinCoreTerms, itunes, media, other
  }

  /// A field whose text is being collected.
  enum Field {
    case title, link, description, content, summary, guid, id, published, updated, dcDate
    case author, authorName, dcCreator, itunesAuthor, subtitle, dcTitle, mediaTitle
    case issued, modified

    /// Whether the field holds text that may carry markup; the others (ids, links,
    /// dates, names) take only character data.
    var carriesMarkup: Bool {
      switch self {
      case .title, .description, .content, .summary, .subtitle, .dcTitle, .mediaTitle: true
      default: false
      }
    }

    /// Whether the field names a person, whose child `<name>` is the name.
    var isPerson: Bool { self == .author || self == .dcCreator || self == .itunesAuthor }
  }

  var draft = FeedDraft()
  /// The root element's name when it is not a feed's.
  private(set) var foreignRoot: String?
  /// Whether reading stopped because the item limit was reached.
  private(set) var reachedItemLimit = false

  private let maximumItems: Int
  private let restoresControls: Bool
  private var depth = 0
  // Depths of open elements; `none` (never a real depth, and safe to add 1 to) when closed.
  static let none = -10
  var containerDepth = none  // channel (RSS, RDF) or feed (Atom)
  var item: ItemDraft?
  var itemDepth = none
  var authorDepth = none
  var mediaGroupDepth = none
  /// Below this depth everything is ignored (inside Atom's `<source>`); `Int.max` when not.
  var skipDepth = Int.max
  private var field: Field?
  private var fieldDepth = 0
  private var fieldType = TextType.text
  private var text = ""
  /// The `<name>` inside a person field, while and once it is read.
  private var personNameDepth = none
  private var personName: String?
  private var lastURI = ""
  private var lastNamespace = Namespace.none
  /// `xml:base` in effect, innermost last, with the depth that set it.
  private var bases: [(depth: Int, url: URL)] = []
  private let documentURL: URL?

  init(maximumItems: Int, restoresControls: Bool, baseURL: URL? = nil) {
    self.maximumItems = maximumItems
    self.restoresControls = restoresControls
    self.documentURL = baseURL
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
    case "http://purl.org/dc/terms/": namespace = .dublinCoreTerms
    case "http://www.itunes.com/dtds/podcast-1.0.dtd": namespace = .itunes
    case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss": namespace = .media
    case "http://backend.userland.com/rss2", "http://blogs.law.harvard.edu/tech/rss":
      namespace = .none
    default: namespace = .other
    }
    lastURI = uri
    lastNamespace = namespace
    return namespace
  }

  /// The namespace of the format's own elements.
  var coreNamespace: Namespace {
    switch draft.format {
    case .atom: .atom
    case .rdf: .rss1
    default: .none
    }
  }

  // MARK: - Links and xml:base

  /// `link` resolved against the `xml:base` in effect; as written when none is.
  func resolved(_ link: String) -> String {
    guard let base = bases.last?.url, let trimmed = nonBlank(link) else { return link }
    return URL(string: trimmed, relativeTo: base)?.absoluteString ?? link
  }

  private func noteBase(_ attributes: [String: String]) {
    guard let value = attributes["xml:base"], let trimmed = nonBlank(value)
    else { return }
    let parent = bases.last?.url ?? documentURL
    guard let url = URL(string: trimmed, relativeTo: parent)?.absoluteURL else { return }
    bases.append((depth, url))
  }

  // MARK: - Delegate

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    depth += 1
    if depth > skipDepth { return }
    if !attributes.isEmpty { noteBase(attributes) }
    if let field {
      if field.carriesMarkup {
        // Markup inside a text field: XHTML content, or HTML a feed forgot to escape.
        text += "<\(name)"
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
          text += " \(key)=\"\(HTMLEscaping.escape(value, quotes: true))\""
        }
        text += ">"
      } else if field.isPerson, name == "name", personNameDepth == Self.none {
        personNameDepth = depth
        personName = ""
      } else if !text.isEmpty {
        text += " "
      }
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

  /// Starts collecting the text of `field`.
  func begin(_ field: Field, _ attributes: [String: String]) {
    begin(field, type: TextType(attributes["type"] ?? attributes["mode"]))
  }

  /// Starts collecting the text of `field`, written as `type`.
  func begin(_ field: Field, type: TextType = .text) {
    self.field = field
    fieldDepth = depth
    fieldType = type
    text = ""
    personName = nil
    personNameDepth = Self.none
  }

  /// The depth of the element being started.
  var currentDepth: Int { depth }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard field != nil else { return }
    if personNameDepth != Self.none {
      personName? += string
    } else if fieldType == .xhtml {
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
    if personNameDepth != Self.none {
      personName? += string
    } else {
      text += fieldType == .xhtml ? HTMLEscaping.escape(string, quotes: false) : string
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    defer {
      if let last = bases.last, last.depth == depth { bases.removeLast() }
      depth -= 1
    }
    if depth >= skipDepth {
      if depth == skipDepth { skipDepth = .max }
      return
    }
    if let field {
      if depth == fieldDepth {
        finish(field)
      } else if field.carriesMarkup {
        text += "</\(name)>"
      } else if depth == personNameDepth {
        personNameDepth = Self.none
      }
      return
    }
    if depth == authorDepth {
      authorDepth = Self.none
    } else if depth == mediaGroupDepth {
      mediaGroupDepth = Self.none
    } else if depth == itemDepth, item != nil {
      if let finished = item.take() { draft.items.append(finished) }
      itemDepth = Self.none
      if draft.items.count >= maximumItems {
        reachedItemLimit = true
        parser.abortParsing()
      }
    } else if depth == containerDepth {
      // An RSS 1.0 `<image>` or `<textinput>` after the channel is not the channel.
      containerDepth = Self.none
    }
  }

  private func finish(_ field: Field) {
    self.field = nil
    var value: String
    if field.isPerson, let personName, !personName.isBlank {
      value = personName
    } else {
      value = text
    }
    if restoresControls { value = XMLPreparation.restoreControls(in: value) }
    text = ""
    personName = nil
    personNameDepth = Self.none
    if fieldType == .text, field == .summary || field == .content {
      value = HTMLEscaping.htmlFromPlainText(value)
    }
    let typed = TypedText(value: value, type: fieldType)
    guard item != nil else {
      switch field {
      case .title: draft.title = typed
      case .link: if draft.siteLink == nil { draft.siteLink = resolved(value) }
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
    case .dcTitle: if item?.dcTitle == nil { item?.dcTitle = typed }
    case .mediaTitle: if item?.mediaTitle == nil { item?.mediaTitle = typed }
    case .link: if item?.link == nil { item?.link = resolved(value) }
    case .summary: item?.summary = value
    case .content: item?.content = value
    case .guid, .id: item?.guid = value
    case .published: item?.published = value
    case .updated: item?.updated = value
    case .dcDate: item?.dcDate = value
    case .issued: if item?.issued == nil { item?.issued = value }
    case .modified: if item?.modified == nil { item?.modified = value }
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
  /// Plain text, as Atom's `type="text"` and JSON Feed titles are.
  case text
  case html, xhtml
  /// RSS text: meant as plain text, yet feeds put (escaped) HTML in it.
  case textOrHTML

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
