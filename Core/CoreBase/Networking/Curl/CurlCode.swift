import Foundation

/// libcurl's result codes (`CURLcode`), as the ``APIError`` kinds URLSession would give.
enum CurlCode {
  /// The kind of failure for a `CURLcode` other than `CURLE_OK`.
  static func kind(of code: Int32) -> APIError.Kind {
    switch code {
    case 42: .cancelled  // CURLE_ABORTED_BY_CALLBACK: CoreCurlTransferCancel
    default: .transport(code: urlErrorCode(code))
    }
  }

  static func urlErrorCode(_ code: Int32) -> URLError.Code {
    switch code {
    // UNSUPPORTED_PROTOCOL: the request's URL was checked to be http(s) and redirects
    // are followed by CurlTransfer, so libcurl says this of a response that is not
    // HTTP ("Received HTTP/0.9 when not allowed").
    case 1: .cannotParseResponse
    case 3: .badURL  // URL_MALFORMAT
    case 5, 6: .cannotFindHost  // COULDNT_RESOLVE_PROXY, COULDNT_RESOLVE_HOST
    case 7: .cannotConnectToHost  // COULDNT_CONNECT
    case 8: .badServerResponse  // WEIRD_SERVER_REPLY
    case 16, 18, 52, 55, 56, 92: .networkConnectionLost  // HTTP2, PARTIAL_FILE, GOT_NOTHING,
    // SEND_ERROR, RECV_ERROR, HTTP2_STREAM
    case 27: .cannotLoadFromNetwork  // OUT_OF_MEMORY
    case 28: .timedOut  // OPERATION_TIMEDOUT
    case 35, 53, 54, 58, 59, 64, 66, 77, 80, 82, 83: .secureConnectionFailed  // TLS set-up
    case 47: .httpTooManyRedirects  // TOO_MANY_REDIRECTS
    case 60, 90, 91: .serverCertificateUntrusted  // PEER_FAILED_VERIFICATION, pinning, status
    case 61: .cannotDecodeContentData  // BAD_CONTENT_ENCODING
    case 98: .clientCertificateRequired  // SSL_CLIENTCERT
    default: .unknown
    }
  }
}
