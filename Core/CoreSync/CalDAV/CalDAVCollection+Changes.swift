import CoreBase
import Foundation

extension CalDAVCollection {
  /// The most pages a truncated (`507`) sync-collection answer is followed through.
  static let pageLimit = 1000

  /// What changed since `token`: a `sync-collection` report; with `nil`, every item
  /// (a `sync-collection` from an empty token, or `PROPFIND Depth: 1` for the ETags
  /// when the server has no sync-collection).
  ///
  /// The report asks for the items' content too (``RemoteResource/body``), so that a
  /// sync needs no `calendar-multiget` after it; a server that refuses that, an answer
  /// past the client's size cap, or one that does not start within ``timeout``, is
  /// asked again for ETags alone (and so is every later listing of this collection
  /// value).
  ///
  /// A server that cuts its answer short (a `507` for the collection inside the
  /// multistatus, as RFC 6578 §3.6 says) is asked again from the token it gave, until
  /// the answer is whole.
  ///
  /// - Throws: ``SyncRemoteError/invalidToken`` when the server refuses the token (`403`
  ///   or `412`); ``DAVError/listingTooLarge(url:)`` on a `507` status; `APIError`.
  public func changes(since token: String?) async throws -> RemoteChanges {
    if token == nil, syncCollectionRefused.withLock({ $0 }) { return try await etagListing() }
    if !listingDataRefused.withLock({ $0 }) {
      do {
        return try await syncCollection(since: token, withData: true)
      } catch is DataRefused {
        listingDataRefused.withLock { $0 = true }
      }
    }
    return try await syncCollection(since: token, withData: false)
  }

  /// Thrown when a listing that asked for content was refused in a way that asking
  /// without it may mend.
  private struct DataRefused: Error {}

  /// Whether `error`, answering a listing that asked for content, may be that request's
  /// fault: a refusal (not of the token, nor of the report: `405`, `501`), an answer
  /// past the size cap, or one the server took longer than ``timeout`` to start (a
  /// server that builds the whole answer first, as Radicale does, can take minutes for
  /// 10,000 items; their ETags alone and multigets of 500 come in time).
  private static func mayRefuseData(_ error: APIError) -> Bool {
    if case .responseTooLarge = error { return true }
    if case .transport(let code, _) = error, code == .timedOut { return true }
    guard case .unacceptableStatus(let code, _, let body) = error,
      [400, 403, 412, 415, 422, 507].contains(code)
    else { return false }
    return !String(decoding: body, as: UTF8.self).contains("valid-sync-token")
  }

  private func syncCollection(since token: String?, withData: Bool) async throws
    -> RemoteChanges
  {
    var changed: [String: String?] = [:]
    var bodies: [String: String] = [:]
    var order: [String] = []
    var deleted = Set<String>()
    var current = token
    for _ in 0..<Self.pageLimit {
      let page: (document: DAVMultistatus, base: URL)
      do {
        page = try await session.multistatus(
          "REPORT", url, depth: "1",
          xml: DAVRequestBody.syncCollection(token: current, withData: withData))
      } catch let error as APIError {
        if withData, Self.mayRefuseData(error) { throw DataRefused() }
        let status = error.statusCode ?? 0
        if status == 507 { throw DAVError.listingTooLarge(url: url) }
        if current != nil, status == 403 || status == 412 { throw SyncRemoteError.invalidToken }
        guard token == nil, [400, 403, 405, 415, 422, 501].contains(status) else { throw error }
        // No sync-collection here (or not from an empty token): list the ETags.
        syncCollectionRefused.withLock { $0 = true }
        return try await etagListing()
      }
      var truncated = false
      for response in page.document.responses {
        if response.status == 507,
          DAVHref.normalize(response.hrefs.first ?? "", base: page.base)
            .map({ $0 == path || $0 + "/" == path }) ?? false
        {
          truncated = true
          continue
        }
        guard let href = member(response.hrefs.first, base: page.base) else { continue }
        if response.status == 404 || response.status == 410 {
          deleted.insert(href)
          changed[href] = nil
          bodies[href] = nil
          continue
        }
        guard isOwnComponent(response) else { continue }
        if changed.updateValue(response.text(.dav("getetag")), forKey: href) == nil {
          order.append(href)
        }
        bodies[href] = response.text(.caldav("calendar-data")).flatMap { $0.isEmpty ? nil : $0 }
        deleted.remove(href)
      }
      let next = page.document.syncToken
      guard truncated, let next, next != current else {
        return RemoteChanges(
          changed: order.compactMap { href in
            changed[href].map { RemoteResource(href: href, etag: $0, body: bodies[href]) }
          },
          deleted: token == nil ? [] : deleted.sorted(), token: next, isFullListing: token == nil)
      }
      current = next
    }
    throw DAVError.listingTooLarge(url: url)
  }

  /// Every member and its ETag, from `PROPFIND Depth: 1`.
  func etagListing() async throws -> RemoteChanges {
    let properties: [DAVName] = [.dav("getetag"), .dav("getcontenttype"), .dav("resourcetype")]
    let (document, base): (DAVMultistatus, URL)
    do {
      (document, base) = try await session.multistatus(
        "PROPFIND", url, depth: "1", xml: DAVRequestBody.propfind(properties))
    } catch let error as APIError where error.statusCode == 507 {
      throw DAVError.listingTooLarge(url: url)
    }
    var seen = Set<String>()
    var changed: [RemoteResource] = []
    for response in document.responses where response.status.map({ $0 < 300 }) ?? true {
      guard let href = member(response.hrefs.first, base: base),
        response.properties[.dav("resourcetype")]?.children.contains(.dav("collection")) != true,
        isOwnComponent(response), seen.insert(href).inserted
      else { continue }
      changed.append(RemoteResource(href: href, etag: response.text(.dav("getetag"))))
    }
    return RemoteChanges(changed: changed, deleted: [], token: nil, isFullListing: true)
  }

  /// Whether a listed item holds ``component``: its content type names it, or names no
  /// component at all.
  func isOwnComponent(_ response: DAVResponse) -> Bool {
    guard let type = response.text(.dav("getcontenttype")) else { return true }
    for parameter in type.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "component"
      else { continue }
      let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \""))
      return value.uppercased() == component.uppercased()
    }
    return true
  }
}
