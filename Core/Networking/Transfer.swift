import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The raw result of one transfer, whatever carried it (URLSession or libcurl).
struct Transfer: Sendable {
  var response: HTTPURLResponse
  var body: Data
  var permanentRedirectURL: URL?
}

/// Why a transfer failed; the client adds the request context to make an ``APIError``.
struct TransferFailure: Error {
  var kind: APIError.Kind
}
