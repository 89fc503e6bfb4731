public import CoreBase

#if canImport(FoundationNetworking)
  import Foundation
#else
  public import Foundation
#endif

extension URLSessionHTTPClient {
  /// Creates a client the way SwiftUIBlueprint's README does: a retry policy and
  /// nothing else.
  ///
  /// The `User-Agent` is ``defaultUserAgent`` (the executable's name); pass
  /// `userAgent:` to the full initialiser to name your app and its version.
  ///
  /// ```swift
  /// let client = URLSessionHTTPClient(
  ///   retry: .exponential(base: .milliseconds(250), factor: 2, cap: .seconds(8), maxAttempts: 3)
  /// )
  /// ```
  ///
  /// - Parameter retry: When failed requests are retried.
  public convenience init(retry: RetryPolicy) {
    self.init(userAgent: Self.defaultUserAgent, retryPolicy: retry)
  }

  /// The `User-Agent` of a client created without one: the executable's name and
  /// `Blueprint`, e.g. `myapp (Blueprint)`.
  public static var defaultUserAgent: String {
    let name = ProcessInfo.processInfo.processName
    return (name.isEmpty ? "app" : name) + " (Blueprint)"
  }
}
