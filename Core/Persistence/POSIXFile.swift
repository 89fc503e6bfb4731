import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: its name and `errno`, e.g. `open: Permission denied`.
package struct SystemCallError: Error, Hashable, CustomStringConvertible {
  /// The call that failed, e.g. `rename`.
  package var call: String
  /// The `errno` it left.
  package var code: Int32

  /// `call: reason`.
  package var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// The few POSIX calls the file store needs for durable, locked writes.
///
/// Foundation has no `fsync` of a folder, no `O_EXCL` create with a mode and no
/// `flock`; everything else in the store stays portable Foundation code.
enum POSIXFile {
  // MARK: - Folders

  /// Creates `path` and any missing parents with mode 0700.
  static func makeDirectories(_ path: String) throws(SystemCallError) {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o700) == 0 { continue }
      let code = errno
      guard code == EEXIST else { throw SystemCallError(call: "mkdir", code: code) }
      var info = stat()
      guard stat(current, &info) == 0 else { throw SystemCallError(call: "stat", code: errno) }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw SystemCallError(call: "mkdir", code: ENOTDIR)
      }
    }
  }

  /// Flushes a folder's entries (a rename or unlink inside it) to disk.
  static func syncDirectory(_ path: String) throws(SystemCallError) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw SystemCallError(call: "fsync", code: errno) }
  }

  // MARK: - Files

  /// The contents of `path`, or `nil` when it does not exist.
  static func read(_ path: String) throws(SystemCallError) -> Data? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { return nil }
      throw SystemCallError(call: "open", code: code)
    }
    defer { close(descriptor) }
    var data = Data()
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_size > 0 { data.reserveCapacity(Int(info.st_size)) }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemCallError(call: "read", code: errno)
      }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// Writes `data` to `path` atomically and durably.
  ///
  /// A temporary file `.<name>.tmp-<random>` is created beside `path` with
  /// `O_CREAT | O_EXCL` and mode 0600, written in full, fsynced, renamed over
  /// `path`, and the folder is fsynced so the rename survives a power loss.
  /// On any error the temporary file is removed and `path` is unchanged.
  static func writeAtomically(_ data: Data, to path: String, in directory: String)
    throws(SystemCallError)
  {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let temporary = directory + "/." + name + ".tmp-" + suffix
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
    do throws(SystemCallError) {
      try writeAll(data, to: descriptor)
      guard fsync(descriptor) == 0 else { throw SystemCallError(call: "fsync", code: errno) }
      guard close(descriptor) == 0 else { throw SystemCallError(call: "close", code: errno) }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw SystemCallError(call: "rename", code: code)
    }
    try syncDirectory(directory)
  }

  /// Removes `path`; returns whether there was a file to remove.
  static func remove(_ path: String) throws(SystemCallError) -> Bool {
    if unlink(path) == 0 { return true }
    let code = errno
    if code == ENOENT { return false }
    throw SystemCallError(call: "unlink", code: code)
  }

  private static func writeAll(_ data: Data, to descriptor: Int32) throws(SystemCallError) {
    var offset = 0
    while offset < data.count {
      let written = data.withUnsafeBytes { bytes in
        Glue.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw SystemCallError(call: "write", code: errno)
      }
      offset += written
    }
  }

  // MARK: - Locking

  /// Runs `body` while holding an exclusive `flock` on `lockPath`.
  ///
  /// The lock is tried without blocking and retried with a growing pause (1 ms up
  /// to 20 ms) until `timeout` has passed; then `onTimeout` is thrown. The lock is
  /// released when the file is closed, also if the process dies.
  static func withExclusiveLock<Result>(
    at lockPath: String, timeout: Duration, body: () throws -> Result
  ) throws -> Result {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
    defer { close(descriptor) }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause = Duration.milliseconds(1)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK else { throw SystemCallError(call: "flock", code: code) }
      let now = clock.now
      guard now < deadline else { throw LockTimedOut() }
      sleepBriefly(min(pause, now.duration(to: deadline)))
      pause = min(pause * 2, .milliseconds(20))
    }
    return try body()
  }

  /// Thrown by ``withExclusiveLock(at:timeout:body:)`` when the lock stays taken.
  struct LockTimedOut: Error {}

  private static func sleepBriefly(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var request = timespec(
      tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}

/// Unqualified names for `read` and `write`, which `Data` and our statics shadow.
private enum Glue {
  static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, buffer, count)
    #else
      Darwin.write(descriptor, buffer, count)
    #endif
  }
}
