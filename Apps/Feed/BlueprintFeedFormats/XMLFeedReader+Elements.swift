extension XMLFeedReader {
  /// Handles an element of the channel (RSS, RDF) or feed (Atom), outside any item.
  func startFeedElement(
    _ name: String, _ namespace: Namespace, _ attributes: [String: String]
  ) {
    let core = coreNamespace
    let depth = currentDepth
    if namespace == core, name == (draft.format == .atom ? "entry" : "item") {
      item = ItemDraft()
      itemDepth = depth
      if draft.format == .rdf {
        item?.about = (attributes["rdf:about"] ?? attributes["about"]).map(resolved)
      }
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
    case (core, "title"):
      begin(.title, type: draft.format == .atom ? TextType(attributes["type"]) : .textOrHTML)
    case (core, "link") where draft.format == .atom:
      let rank = alternateRank(attributes, rel: attributes["rel"])
      if rank > draft.siteLinkRank, let href = attributes["href"] {
        draft.siteLink = resolved(href)
        draft.siteLinkRank = rank
      }
    case (core, "link"): begin(.link)
    case (core, "description"): begin(.subtitle, type: .html)
    case (.atom, "subtitle"), (.atom, "tagline"): begin(.subtitle, attributes)
    case (.atom, "author"): authorDepth = depth
    default: break
    }
  }

  /// Handles an element inside an item or entry.
  func startItemElement(
    _ name: String, _ namespace: Namespace, _ attributes: [String: String]
  ) {
    let depth = currentDepth
    if depth == authorDepth + 1 {
      if name == "name" { begin(.authorName) }
      return
    }
    if depth == mediaGroupDepth + 1, namespace == .media {
      startMediaElement(name, attributes)
      return
    }
    guard depth == itemDepth + 1 else { return }
    switch namespace {
    case .atom where draft.format == .atom: startAtomEntryElement(name, attributes, depth: depth)
    case coreNamespace: startRSSItemElement(name, attributes)
    case .content where name == "encoded": begin(.content, type: .html)
    case .dublinCore:
      switch name {
      case "date": begin(.dcDate)
      case "creator": begin(.dcCreator)
      case "title": begin(.dcTitle, type: .textOrHTML)
      default: break
      }
    case .dublinCoreTerms:
      switch name {
      case "issued", "created", "available": begin(.issued)
      case "modified": begin(.modified)
      case "title": begin(.dcTitle, type: .textOrHTML)
      default: break
      }
    case .itunes where name == "author": begin(.itunesAuthor)
    case .media:
      if name == "group" {
        mediaGroupDepth = depth
      } else {
        startMediaElement(name, attributes)
      }
    default: break
    }
  }

  /// An Atom entry's own elements: its title, links (the enclosure, the best
  /// alternate), id, dates, summary and content.
  private func startAtomEntryElement(_ name: String, _ attributes: [String: String], depth: Int) {
    switch name {
    case "title": begin(.title, attributes)
    case "link":
      let rel = attributes["rel"]
      if rel == "enclosure", let href = attributes["href"] {
        if item?.enclosure == nil { item?.enclosure = resolved(href) }
        return
      }
      let rank = alternateRank(attributes, rel: rel)
      if rank > (item?.linkRank ?? 0), let href = attributes["href"] {
        item?.link = resolved(href)
        item?.linkRank = rank
      }
    case "id": begin(.id)
    case "published", "issued", "created": begin(.published)
    case "updated", "modified": begin(.updated)
    case "summary": begin(.summary, attributes)
    case "content": if attributes["src"] == nil { begin(.content, attributes) }
    case "author": authorDepth = depth
    case "source": skipDepth = depth
    default: break
    }
  }

  /// An RSS item's own elements (RSS 2.0's, or RSS 1.0's in its namespace).
  private func startRSSItemElement(_ name: String, _ attributes: [String: String]) {
    switch name {
    case "title": begin(.title, type: .textOrHTML)
    case "link": begin(.link)
    case "description": begin(.summary, type: .html)
    case "guid":
      begin(.guid)
      item?.guidIsPermaLink = attributes["isPermaLink"]?.lowercased() != "false"
    case "pubDate": begin(.published)
    case "author": begin(.author)
    case "enclosure":
      if item?.enclosure == nil, let url = attributes["url"] { item?.enclosure = resolved(url) }
    default: break
    }
  }

  /// Media RSS (`media:title`, `media:content`), in an item or in its `media:group`.
  private func startMediaElement(_ name: String, _ attributes: [String: String]) {
    switch name {
    case "title": begin(.mediaTitle, type: attributes["type"] == "html" ? .html : .text)
    case "content":
      if item?.enclosure == nil, let url = attributes["url"] { item?.enclosure = resolved(url) }
    default: break
    }
  }

  /// How much an Atom `<link>` is the page to open: 0 when it is no alternate link,
  /// 3 for `text/html`, 2 for XHTML or no type, 1 for another type (a PDF, a video).
  private func alternateRank(_ attributes: [String: String], rel: String?) -> Int {
    guard rel == nil || rel == "alternate", attributes["href"] != nil else { return 0 }
    guard let type = attributes["type"] else { return 2 }
    switch type.lowercased() {
    case "text/html": return 3
    case "application/xhtml+xml": return 2
    default: return 1
    }
  }
}
