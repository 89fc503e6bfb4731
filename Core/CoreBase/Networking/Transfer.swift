package import Foundation

/// The raw result of one transfer, whatever carried it (URLSession or libcurl).
package struct Transfer: Sendable {
  /// The final response's status code.
  package var status: Int
  /// The final response's header fields, each name once (repeated fields joined).
  package var headers: HTTPHeaders
  /// The final response's address, after redirects.
  package var url: URL?
  package var body: Data
  package var permanentRedirectURL: URL?

  package init(
    status: Int, headers: HTTPHeaders, url: URL?, body: Data, permanentRedirectURL: URL?
  ) {
    self.status = status
    self.headers = headers
    self.url = url
    self.body = body
    self.permanentRedirectURL = permanentRedirectURL
  }
}

/// Why a transfer failed, as an ``APIError`` kind the pipeline completes.
package struct TransferFailure: Error {
  package var kind: APIError.Kind

  package init(kind: APIError.Kind) {
    self.kind = kind
  }
}
