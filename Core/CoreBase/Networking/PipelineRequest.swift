package import Foundation

/// What the request pipeline needs of a request: `URLRequest` (for
/// `URLSessionHTTPClient`, in `CoreURLSession`) and ``OutgoingRequest`` (for
/// ``CurlHTTPClient``, which must not link FoundationNetworking, where `URLRequest`
/// lives on Linux) both give it.
package protocol PipelineRequest: Sendable {
  /// A GET request for `url`.
  static func make(url: URL) -> Self
  /// The address.
  var url: URL? { get }
  /// The method; `nil` is GET.
  var httpMethod: String? { get set }
  /// The body, if any.
  var httpBody: Data? { get set }
  /// The idle timeout, in seconds.
  var timeoutInterval: TimeInterval { get set }
  /// The value of the header field `field` (its name compared case-insensitively).
  func value(forHTTPHeaderField field: String) -> String?
  /// Sets or (with `nil`) removes the header field `field`.
  mutating func setValue(_ value: String?, forHTTPHeaderField field: String)
}

/// A request as libcurl sends it: URL, method, header fields, body and idle timeout —
/// what a `URLRequest` made from an ``Endpoint`` holds, without FoundationNetworking.
package struct OutgoingRequest: PipelineRequest {
  package var url: URL?
  package var httpMethod: String?
  package var httpBody: Data?
  package var timeoutInterval: TimeInterval = 60
  /// The header fields in the order they were first set, each name once.
  package private(set) var headerFields: [(name: String, value: String)] = []

  package init(url: URL?) {
    self.url = url
  }

  package static func make(url: URL) -> OutgoingRequest { OutgoingRequest(url: url) }

  package func value(forHTTPHeaderField field: String) -> String? {
    headerFields.first { HTTPHeaders.same($0.name, field) }?.value
  }

  package mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
    let index = headerFields.firstIndex { HTTPHeaders.same($0.name, field) }
    switch (index, value) {
    case (let index?, let value?): headerFields[index].value = value
    case (let index?, nil): headerFields.remove(at: index)
    case (nil, let value?): headerFields.append((field, value))
    case (nil, nil): break
    }
  }

  /// The header fields as a dictionary, as `URLRequest.allHTTPHeaderFields` gives them.
  package var allHTTPHeaderFields: [String: String]? {
    headerFields.isEmpty ? nil : Dictionary(headerFields, uniquingKeysWith: { _, last in last })
  }

}
