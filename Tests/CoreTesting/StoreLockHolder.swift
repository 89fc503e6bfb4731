public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Holds the lock of a `FileKeyValueStore` folder until ``release()``, for tests of
/// what an app does while another process has its store locked.
///
/// The store's lock is an exclusive `flock` on the folder itself, and a `flock`
/// belongs to an open file description: the holder opens the folder on a
/// description of its own (closed on `exec`, so no process the test starts shares
/// it) and locks it, which blocks the app's process exactly as another process
/// would. So it needs no helper executable, and works in any package that depends on
/// CoreTesting. The app's writers' queue (a hidden file in the store's folder)
/// only orders writers; the app passes it and waits on the folder's lock.
///
/// Starting blocks until the lock is held; run it off the cooperative pool.
public final class StoreLockHolder {
  private let descriptor: Int32
  private var isHeld = true

  /// Takes the lock of `folder`, waiting until it is free.
  ///
  /// - Parameters:
  ///   - folder: The store's folder (it must exist).
  ///   - environment: The environment of the app under test. The lock is on the
  ///     folder itself, which every process contends for whatever its environment,
  ///     so it is not needed; it stays for the tests that pass it.
  /// - Throws: ``Failed`` when the folder cannot be opened or locked.
  public init(folder: URL, environment: [String: String] = [:]) throws {
    descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Failed(description: "cannot open \(folder.path): errno \(errno)")
    }
    while flock(descriptor, LOCK_EX) != 0 {
      let code = errno
      if code == EINTR { continue }
      close(descriptor)
      throw Failed(description: "cannot lock \(folder.path): errno \(code)")
    }
  }

  deinit {
    if isHeld { close(descriptor) }
  }

  /// Lets go of the lock.
  ///
  /// - Returns: 0 once the lock is released (a holder released twice also says 0).
  /// - Throws: When the folder's descriptor cannot be closed.
  @discardableResult
  public func release() throws -> Int32 {
    guard isHeld else { return 0 }
    isHeld = false
    guard close(descriptor) == 0 else {
      throw Failed(description: "cannot close the locked folder: errno \(errno)")
    }
    return 0
  }

  /// The lock could not be taken or let go.
  public struct Failed: Error, CustomStringConvertible {
    public var description: String
  }
}
