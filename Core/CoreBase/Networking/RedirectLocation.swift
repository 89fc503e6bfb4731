/// Whether a redirect's target can be followed as a URL.
///
/// A URL never holds control characters (RFC 3986); Foundation's `URL(string:)`
/// here percent-encodes them instead of refusing, so a `Location` carrying an escape
/// sequence would be followed somewhere no one meant. Both HTTP clients refuse such
/// a redirect and report it as one whose address is not a URL. (A space, which
/// browsers encode and follow, is still followed.)
package enum RedirectLocation {
  /// Whether `text` (a `Location` value, or libcurl's resolution of it) holds a
  /// character no URL can: a C0 control or DEL.
  package static func isUnreadable(_ text: String) -> Bool {
    text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
  }
}
