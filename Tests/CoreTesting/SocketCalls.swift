#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few socket calls whose spelling differs between the C libraries.
enum SocketCalls {
  /// `SOCK_STREAM` as the `Int32` that `socket(2)` takes.
  static var streamType: Int32 {
    #if canImport(Glibc)
      Int32(SOCK_STREAM.rawValue)
    #else
      SOCK_STREAM
    #endif
  }

  /// Prepares an accepted connection: on Apple platforms a write to a closed peer
  /// must not raise SIGPIPE (Linux passes `MSG_NOSIGNAL` to each send instead).
  static func configureAccepted(_ descriptor: Int32) {
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// `send(2)` that never raises SIGPIPE; the count sent, or -1.
  static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.send(descriptor, bytes, count, 0)
    #elseif canImport(Musl)
      Musl.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
      Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #endif
  }
}
