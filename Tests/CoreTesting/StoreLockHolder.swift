public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Another process holding the lock of a `FileKeyValueStore` folder until
/// ``release()``: the `BlueprintStoreStress hold` helper, for tests of what an app
/// does while its store is locked.
///
/// The test target must depend on `BlueprintStoreStress` so that it is built.
/// Starting blocks until the lock is held; run it off the cooperative pool.
public final class StoreLockHolder {
  private let process = Process()
  private let input = Pipe()

  /// Starts the holder and waits until it holds the lock of `folder`.
  ///
  /// - Parameters:
  ///   - folder: The store's folder (it must exist).
  ///   - environment: The environment of the app under test (the same
  ///     `XDG_RUNTIME_DIR`, so both use the same writers' queue).
  /// - Throws: When the helper is missing or does not take the lock.
  public init(folder: URL, environment: [String: String]) throws {
    let output = Pipe()
    // Only the holder may keep the lock's pipe open: a program the test starts later
    // (the app on a pseudo-terminal) must not inherit its write end, or the holder
    // would never see it close.
    _ = fcntl(input.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
    process.executableURL = try BuiltProduct("BlueprintStoreStress").url
    process.arguments = ["hold", folder.path]
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard line == "locked\n" else {
      process.terminate()
      throw Failed(description: "the lock holder said \(line.debugDescription)")
    }
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Lets go of the lock and waits for the holder to end.
  ///
  /// - Returns: The holder's exit status (0 when all went well).
  /// - Throws: When its input cannot be closed.
  @discardableResult
  public func release() throws -> Int32 {
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// The holder did not take the lock.
  public struct Failed: Error, CustomStringConvertible {
    public var description: String
  }
}
