/// The libcurl option numbers used (`CURLOPT_*`, part of libcurl's stable ABI: a type
/// base of 0 for `long`, 10000 for pointers and strings, 20000 for functions, 30000
/// for `curl_off_t`).
enum CurlOption {
  static let writeData: Int32 = 10001
  static let url: Int32 = 10002
  static let caInfo: Int32 = 10065
  static let writeFunction: Int32 = 20011
  static let headerData: Int32 = 10029
  static let customRequest: Int32 = 10036
  static let noBody: Int32 = 44
  static let headerFunction: Int32 = 20079
  static let noSignal: Int32 = 99
  static let acceptEncoding: Int32 = 10102
  static let connectTimeoutMilliseconds: Int32 = 156
  static let protocols: Int32 = 181
  static let suppressConnectHeaders: Int32 = 265
  static let quickExit: Int32 = 322

  /// `CURLPROTO_HTTP | CURLPROTO_HTTPS`: no other scheme.
  static let httpAndHTTPS = 1 | 2
  /// The most redirects followed (``CurlTransfer`` follows them itself).
  static let redirectLimit = 16
}
