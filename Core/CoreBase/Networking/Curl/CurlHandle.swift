import CoreCurlShim
import Foundation

/// A libcurl transfer handle, reused request after request, that can be cancelled from
/// any thread while a request runs.
final class CurlHandle: @unchecked Sendable {
  // The pointer is used by one request (on the caller's thread, then the loop's) at a
  // time, and by `cancel` under the lock.
  private let transfer: OpaquePointer
  /// The number of the request running now; `nil` while idle.
  private let running = Locked<Int?>(nil)
  private static let requests = Locked(0)

  init?() {
    guard let transfer = CoreCurlTransferCreate() else { return nil }
    self.transfer = transfer
  }

  deinit {
    CoreCurlTransferDestroy(transfer)
  }

  func set(_ option: Int32, _ value: Int) -> Int32 {
    CoreCurlSetLong(transfer, option, value)
  }

  func set(_ option: Int32, _ value: String) -> Int32 {
    CoreCurlSetString(transfer, option, value)
  }

  func setPointer(_ option: Int32, _ value: UnsafeMutableRawPointer) -> Int32 {
    CoreCurlSetPointer(transfer, option, value)
  }

  func setCallback(_ option: Int32, _ callback: CoreCurlDataCallback) -> Int32 {
    CoreCurlSetCallback(transfer, option, callback)
  }

  func setBody(_ body: Data) -> Int32 {
    // A non-null pointer even for an empty body: libcurl copies `count` bytes from it.
    let bytes = body.isEmpty ? Data([0]) : body
    return bytes.withUnsafeBytes { bytes in
      CoreCurlSetBody(transfer, bytes.baseAddress, Int64(body.count))
    }
  }

  /// Ends a request that moves no byte for this long with a timeout.
  func setIdleTimeout(milliseconds: Int) -> Int32 {
    CoreCurlSetIdleTimeout(transfer, milliseconds)
  }

  func addHeader(_ line: String) -> Int32 {
    CoreCurlAddHeader(transfer, line)
  }

  /// Marks the start of a request; returns its number, for ``cancel(_:)``.
  func begin() -> Int {
    let number = Self.requests.withLock { count in
      count &+= 1
      return count
    }
    running.withLock { $0 = number }
    return number
  }

  /// Lends the transfer to a ``CurlLoop`` to start it.
  func withTransfer<Value>(_ body: (OpaquePointer) -> Value) -> Value {
    body(transfer)
  }

  /// Marks the end of the request: a late cancel no longer reaches the handle.
  func finish() {
    running.withLock { $0 = nil }
  }

  /// Stops request `number` if it is still the one running.
  func cancel(_ number: Int) {
    running.withLock { running in
      if running == number { CoreCurlTransferCancel(transfer) }
    }
  }

  /// Clears the last request's options (while idle).
  func reset() {
    CoreCurlTransferReset(transfer)
  }

  var effectiveURL: URL? {
    CoreCurlEffectiveURL(transfer).flatMap { URL(string: String(cString: $0)) }
  }

  /// Where the last response redirects to (absolute), as libcurl resolved its
  /// `Location`, if it is a redirect. It may not be a URL at all (a control
  /// character in it): see ``CurlReceiver/Ending``.
  var redirectText: String? {
    CoreCurlRedirectURL(transfer).map { String(cString: $0) }
  }
}
