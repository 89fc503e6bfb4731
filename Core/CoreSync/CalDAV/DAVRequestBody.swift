import CoreBase
import Foundation

/// The XML bodies the CalDAV client sends (namespaces as both Radicale and Xandikos
/// accept them), each with its `Content-Type: application/xml`.
enum DAVRequestBody {
  static let contentType = "application/xml; charset=utf-8"

  /// `PROPFIND` asking for these properties.
  static func propfind(_ properties: [DAVName]) -> Data {
    var prefixes: [String: String] = ["DAV:": "D"]
    var declarations = " xmlns:D=\"DAV:\""
    var names: [String] = []
    for property in properties {
      let prefix: String
      if let known = prefixes[property.namespace] {
        prefix = known
      } else {
        prefix = "N\(prefixes.count)"
        prefixes[property.namespace] = prefix
        declarations += " xmlns:\(prefix)=\"\(escape(property.namespace))\""
      }
      names.append("<\(prefix):\(property.name)/>")
    }
    return document("<D:propfind\(declarations)><D:prop>\(names.joined())</D:prop></D:propfind>")
  }

  /// `REPORT sync-collection` from a token (`nil`: everything), asking for ETags and
  /// content types, and with `withData` for the items' calendar data too.
  static func syncCollection(token: String?, withData: Bool = false) -> Data {
    let tokenElement =
      token.map { "<D:sync-token>\(escape($0))</D:sync-token>" } ?? "<D:sync-token/>"
    let data = withData ? "<C:calendar-data/>" : ""
    let caldav = withData ? " xmlns:C=\"urn:ietf:params:xml:ns:caldav\"" : ""
    return document(
      "<D:sync-collection xmlns:D=\"DAV:\"\(caldav)>\(tokenElement)"
        + "<D:sync-level>1</D:sync-level>"
        + "<D:prop><D:getetag/><D:getcontenttype/>\(data)</D:prop></D:sync-collection>")
  }

  /// `REPORT calendar-multiget` for these hrefs, asking for ETags and calendar data.
  static func calendarMultiget(_ hrefs: [String]) -> Data {
    let list = hrefs.map { "<D:href>\(escape($0))</D:href>" }.joined()
    return document(
      "<C:calendar-multiget xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">"
        + "<D:prop><D:getetag/><C:calendar-data/></D:prop>\(list)</C:calendar-multiget>")
  }

  /// `MKCALENDAR` of a collection holding `component` items, named `displayName`.
  static func mkcalendar(displayName: String, component: String) -> Data {
    document(
      "<C:mkcalendar xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:set><D:prop>"
        + "<D:displayname>\(escape(displayName))</D:displayname>"
        + "<C:supported-calendar-component-set><C:comp name=\"\(escape(component))\"/>"
        + "</C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>")
  }

  private static func document(_ root: String) -> Data {
    Data(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + root).utf8)
  }

  /// Text escaped for an XML element or a double-quoted attribute.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
