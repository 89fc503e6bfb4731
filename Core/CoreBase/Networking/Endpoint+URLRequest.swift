public import Foundation

extension Endpoint {
  /// The URL the endpoint addresses: base URL, encoded path segments and query.
  ///
  /// - Throws: ``APIError`` (``APIError/Kind/invalidRequest(reason:)``) when the base URL
  ///   is not an absolute `http`/`https` URL or a path segment is empty, `.` or `..`.
  /// - Returns: The URL.
  public func makeURL() throws -> URL {
    guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = baseURL.host, !host.isEmpty
    else {
      throw invalid("the base URL \(baseURL.absoluteString) is not an absolute http(s) URL")
    }
    if path.isEmpty && query.isEmpty { return baseURL }
    // One pass over the base URL's text: no URLComponents round trip.
    var text = Substring(baseURL.absoluteString)
    if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
    var queryParts: [String] = []
    if let mark = text.firstIndex(of: "?") {
      let existing = text[text.index(after: mark)...]
      if !existing.isEmpty { queryParts.append(String(existing)) }
      text = text[..<mark]
    }
    var result = String(text)
    if !path.isEmpty {
      if result.hasSuffix("/") { result.removeLast() }
      for segment in path {
        guard !segment.isEmpty, segment != ".", segment != ".." else {
          throw invalid("the path segment \"\(segment)\" is not allowed")
        }
        result += "/" + Self.encode(segment, allowed: Self.segmentCharacters)
      }
    }
    for item in query {
      let name = Self.encode(item.name, allowed: Self.queryCharacters)
      queryParts.append(
        item.value.map { name + "=" + Self.encode($0, allowed: Self.queryCharacters) } ?? name)
    }
    if !queryParts.isEmpty { result += "?" + queryParts.joined(separator: "&") }
    guard let url = URL(string: result) else {
      throw invalid("cannot build a URL from \(baseURL.absoluteString)")
    }
    return url
  }

  /// The request this endpoint describes, as a `URLRequest` (`makeRequest()`, in
  /// `CoreURLSession`) or as the ``OutgoingRequest`` libcurl sends.
  ///
  /// - Throws: ``APIError`` (``APIError/Kind/invalidRequest(reason:)``) for a bad URL,
  ///   path segment, header, timeout or body.
  /// - Returns: The request, ready to send.
  package func makeRequest<Request: PipelineRequest>(as type: Request.Type) throws -> Request {
    let url = try makeURL()
    guard timeout > .zero else { throw invalid("the timeout must be positive") }
    var request = Request.make(url: url)
    // Set through the property: FoundationNetworking ignores the initializer's timeout.
    request.timeoutInterval = Self.wholeSeconds(timeout.timeInterval, rounding: .up)
    request.httpMethod = method.rawValue
    guard !method.rawValue.isEmpty, method.rawValue.allSatisfy(Self.isTokenCharacter) else {
      throw invalid("\"\(method.rawValue)\" is not a valid HTTP method")
    }
    for (name, value) in headers {
      guard !name.isEmpty, name.allSatisfy(Self.isTokenCharacter) else {
        throw invalid("\"\(name)\" is not a valid header name")
      }
      guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
        throw invalid("the value of header \(name) contains a line break")
      }
      request.setValue(value, forHTTPHeaderField: name)
    }
    if let body {
      guard method != .get, method != .head else {
        throw invalid("a \(method.rawValue) request cannot carry a body")
      }
      switch body.content {
      case .success(let data): request.httpBody = data
      case .failure(let failure): throw invalid(failure.message)
      }
      if let contentType = body.contentType, headers["Content-Type"] == nil {
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
      }
    }
    return request
  }

  /// A timeout FoundationNetworking honours: it keeps whole seconds only, and a
  /// timeout under one second fires at once. Elsewhere the value is unchanged.
  package static func wholeSeconds(
    _ seconds: TimeInterval, rounding rule: FloatingPointRoundingRule
  )
    -> TimeInterval
  {
    #if canImport(FoundationNetworking)
      return max(1, seconds.rounded(rule))
    #else
      return seconds
    #endif
  }

  private func invalid(_ reason: String) -> APIError {
    APIError(.invalidRequest(reason: reason), method: method, url: baseURL)
  }

  // MARK: - Encoding

  /// RFC 3986 unreserved characters plus the sub-delimiters that are safe inside a segment.
  private static let segmentCharacters: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,=:@".utf8)
  )

  /// RFC 3986 unreserved characters only: `+`, `&` and `=` are always escaped in a query.
  private static let queryCharacters: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
  )

  private static func encode(_ text: String, allowed: Set<UInt8>) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if allowed.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func isTokenCharacter(_ character: Character) -> Bool {
    guard character.isASCII, let ascii = character.asciiValue else { return false }
    return (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A)
      || (ascii >= 0x61 && ascii <= 0x7A) || "!#$%&'*+-.^_`|~".utf8.contains(ascii)
  }
}

extension Duration {
  /// The duration in seconds, as `TimeInterval`.
  var timeInterval: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}
