import CoreBase
public import Foundation

/// Why the CalDAV client refused or could not finish something, in words a person can
/// act on. Transport failures and unexpected statuses are `APIError`; the cases a
/// sync acts on are ``SyncRemoteError``; credentials refused are ``SyncCredentialError``.
///
/// No case carries a password, and no description prints one.
public enum DAVError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The server refused to list a collection this large (`507 Insufficient Storage`).
  case listingTooLarge(url: URL)
  /// Discovery found no principal or calendar home at the address.
  case noCalendarHome(url: URL)

  /// One line, with what to do about it.
  public var description: String {
    switch self {
    case .listingTooLarge(let url):
      return "the server at \(url.host ?? url.absoluteString) refused to list \(url.path) "
        + "in one answer (507 Insufficient Storage): the collection is larger than it lists"
    case .noCalendarHome(let url):
      return "found no CalDAV calendar home at \(url.absoluteString): the server named no "
        + "principal or calendar home (check the address; some servers need the full "
        + "path, e.g. https://host/remote.php/dav)"
    }
  }
}
