import CoreCurlShim

/// One client's transfer thread: runs all its requests at once in one libcurl multi
/// handle (sharing connections), waiting in `poll` while servers are silent.
final class CurlLoop: @unchecked Sendable {
  // Only handed to the thread-safe calls of the shim.
  private let loop: OpaquePointer

  init?() {
    guard let loop = CoreCurlLoopCreate() else { return nil }
    self.loop = loop
  }

  deinit {
    CoreCurlLoopDestroy(loop)
  }

  /// Starts `handle`'s request; `done` is called once, on the loop's thread, with the
  /// `CURLcode` when it ends. Returns a `CURLcode` instead when it cannot start.
  func start(_ handle: CurlHandle, done: @escaping @Sendable (Int32) -> Void) -> Int32 {
    let context = Unmanaged.passRetained(Completion(done)).toOpaque()
    let code = handle.withTransfer { transfer in
      CoreCurlLoopStart(loop, transfer, Completion.call, context)
    }
    if code != 0 { Unmanaged<Completion>.fromOpaque(context).release() }
    return code
  }

  /// What to do when a transfer ends, carried through the C callback's context.
  private final class Completion {
    let done: @Sendable (Int32) -> Void

    init(_ done: @escaping @Sendable (Int32) -> Void) {
      self.done = done
    }

    static let call: CoreCurlDoneCallback = { context, code in
      guard let context else { return }
      Unmanaged<Completion>.fromOpaque(context).takeRetainedValue().done(code)
    }
  }
}
