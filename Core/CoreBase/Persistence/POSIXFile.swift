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

/// The few POSIX calls the file store needs for bounded reads and durable writes.
///
/// Foundation has no `fsync` of a folder, no `O_EXCL | O_NOFOLLOW` create with a
/// mode, no non-blocking open and no `fstat`; everything else in the store stays
/// portable Foundation code.
enum POSIXFile {
  // MARK: - Folders

  /// Creates `path` and any missing parents with mode 0700, whatever the umask.
  static func makeDirectories(_ path: String) throws(SystemCallError) {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o700) == 0 {
        // The umask may have taken bits away; set exactly 0700.
        guard chmod(current, 0o700) == 0 else {
          throw SystemCallError(call: "chmod", code: errno)
        }
        continue
      }
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

  // MARK: - Reading

  /// The contents of `path`, or `nil` when it does not exist.
  ///
  /// The file is opened `O_NONBLOCK`, so a FIFO planted where the file should be
  /// cannot block the open, and `fstat` then refuses anything but a regular file
  /// (a FIFO, a device such as `/dev/zero`, a socket, a folder). At most `limit`
  /// bytes are read: a larger file is refused, also one that grows while it is read.
  ///
  /// - Throws: ``StoreFileProblem`` for a file that is not regular or too large;
  ///   ``SystemCallError`` when a call fails.
  static func read(_ path: String, limit: Int) throws -> Data? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT {
        try refuseDanglingLink(path)
        return nil
      }
      throw SystemCallError(call: "open", code: code)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw SystemCallError(call: "fstat", code: errno) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw StoreFileProblem.notRegularFile(path: path, kind: FileKind(mode: info.st_mode))
    }
    guard Int64(info.st_size) <= Int64(limit) else {
      throw StoreFileProblem.tooLarge(path: path, size: Int64(info.st_size), limit: limit)
    }
    return try readAll(descriptor, expected: Int(info.st_size), limit: limit, path: path)
  }

  /// Reads to the end straight into one buffer of the expected size; one byte more
  /// than `limit` is an error.
  private static func readAll(_ descriptor: Int32, expected: Int, limit: Int, path: String) throws
    -> Data
  {
    var data = Data(count: min(expected, limit) + 1)
    var filled = 0
    while true {
      if filled == data.count {
        guard data.count <= limit else {
          throw StoreFileProblem.tooLarge(path: path, size: Int64(filled), limit: limit)
        }
        data.count = min(max(data.count * 2, 64 * 1024), limit + 1)
      }
      let count = data.withUnsafeMutableBytes { bytes in
        Glue.read(descriptor, bytes.baseAddress.map { $0 + filled }, bytes.count - filled)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemCallError(call: "read", code: errno)
      }
      filled += count
    }
    data.count = filled
    return data
  }

  // MARK: - Writing

  /// Writes `data` to `path` atomically and durably, through a symbolic link.
  ///
  /// When `path` is a symbolic link, its final target is replaced (beside the
  /// target, in the target's folder), so the link stays a link. A temporary file
  /// `.<name>.tmp-<random>` beside the target is written in full with mode 0600,
  /// synced, renamed over the target, and the folder is fsynced so the rename
  /// survives a power loss. On any error the temporary file is removed and the
  /// target is unchanged.
  ///
  /// The temporary file is made with `O_CREAT | O_EXCL | O_NOFOLLOW` — or, when the
  /// previous contents are kept, it is the oldest version kept (`<target>.last-good`,
  /// about to be replaced) renamed and overwritten, when that is a regular file of
  /// this user with no other link: no file is made and none is freed, which a file
  /// system pays for in its journal at every write (Docs/Benchmarks.md).
  ///
  /// - Parameters:
  ///   - data: The new contents.
  ///   - path: The file (or a link to it).
  ///   - keepsPrevious: Whether to keep the current contents as
  ///     `<target>.last-good` (a hard link, no copy) before replacing them.
  ///   - durable: Whether to fsync the file and the folder; without, the replacement
  ///     is still atomic and survives the process being killed, but a crash or power
  ///     loss may bring the old contents back.
  /// - Throws: ``StoreFileProblem/notRegularFile(path:kind:)`` when something
  ///   other than a regular file is in the way (it is left alone), or
  ///   ``SystemCallError``.
  static func writeAtomically(
    _ data: Data, to path: String, keepsPrevious: Bool, durable: Bool = true
  ) throws {
    try refuseDanglingLink(path)
    let target = try resolvingSymbolicLinks(path)
    let (folder, name) = split(target)
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw SystemCallError(call: "open", code: errno) }
    defer { close(directory) }
    var info = stat()
    let exists = fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0
    if exists, info.st_mode & S_IFMT != S_IFREG {
      throw StoreFileProblem.notRegularFile(path: target, kind: FileKind(mode: info.st_mode))
    }
    if exists, info.st_mode & S_IWUSR == 0 {
      throw StoreFileProblem.readOnly(path: target, mode: UInt32(info.st_mode))
    }
    var reused: String?
    if exists && keepsPrevious {
      do {
        reused = try refill(name, with: data, in: directory, durable: durable)
      } catch {
        keepPrevious(name, in: directory)  // the version kept was overwritten: keep this one
        throw error
      }
    }
    let temporary =
      try reused
      ?? createTemporary(named: name, in: directory, durable: durable) {
        descriptor in
        try writeAll(data, to: descriptor)
      }
    if exists && keepsPrevious { keepPrevious(name, in: directory) }
    guard renameat(directory, temporary, directory, name) == 0 else {
      let code = errno
      unlinkat(directory, temporary, 0)
      throw SystemCallError(call: "rename", code: code)
    }
    guard durable else { return }
    guard fsync(directory) == 0 else { throw SystemCallError(call: "fsync", code: errno) }
  }

  /// The suffix of the copy of the previous contents kept beside a file.
  static let lastGoodSuffix = ".last-good"

  /// Links the current `name` as `name.last-good`, replacing an older one
  /// atomically. Best effort: a file system without hard links keeps none.
  private static func keepPrevious(_ name: String, in directory: Int32) {
    let link = temporaryName(for: name)
    guard linkat(directory, name, directory, link, 0) == 0 else { return }
    if renameat(directory, link, directory, name + lastGoodSuffix) != 0 {
      unlinkat(directory, link, 0)
    }
  }

  /// Renames `name.last-good` to a temporary name and overwrites it with `data`
  /// (synced when `durable`); returns the temporary name, or `nil` when there is no
  /// such file to reuse: none, not a regular file of this user, or one with another
  /// link (a copy the user made with `ln`, or `name` itself after an interrupted
  /// write), which must not change. A failure after the rename removes the
  /// half-written file and throws; `name` is untouched either way.
  private static func refill(
    _ name: String, with data: Data, in directory: Int32, durable: Bool
  ) throws -> String? {
    let temporary = temporaryName(for: name)
    guard renameat(directory, name + lastGoodSuffix, directory, temporary) == 0 else { return nil }
    let descriptor = openat(directory, temporary, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
    var info = stat()
    guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      info.st_nlink == 1, info.st_uid == geteuid()
    else {
      // Not ours to overwrite: it goes back where it was (a link stays a link).
      if descriptor >= 0 { close(descriptor) }
      renameat(directory, temporary, directory, name + lastGoodSuffix)
      return nil
    }
    try finish(descriptor, named: temporary, in: directory, durable: durable) { descriptor in
      try writeAll(data, to: descriptor)
      guard ftruncate(descriptor, off_t(data.count)) == 0 else {
        throw SystemCallError(call: "ftruncate", code: errno)
      }
    }
    return temporary
  }

  /// Makes a file's contents and size durable (`fdatasync` where there is one: the
  /// times `fsync` would also write are not needed to read the file back).
  private static func syncData(_ descriptor: Int32) throws(SystemCallError) {
    #if os(Linux)
      guard fdatasync(descriptor) == 0 else {
        throw SystemCallError(call: "fdatasync", code: errno)
      }
    #else
      guard fsync(descriptor) == 0 else { throw SystemCallError(call: "fsync", code: errno) }
    #endif
  }

  /// Creates a fresh temporary file beside `name` (never through a link), fills it
  /// with `fill`, fsyncs (when `durable`) and closes it, and returns its name.
  private static func createTemporary(
    named name: String, in directory: Int32, durable: Bool = true, fill: (Int32) throws -> Void
  ) throws -> String {
    let temporary = temporaryName(for: name)
    let descriptor = openat(
      directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
    try finish(descriptor, named: temporary, in: directory, durable: durable, filling: fill)
    return temporary
  }

  /// Sets the open temporary file `name` to mode 0600, fills it with `fill`, syncs
  /// it (when `durable`) and closes it; on any failure it is closed and removed.
  private static func finish(
    _ descriptor: Int32, named name: String, in directory: Int32, durable: Bool,
    filling fill: (Int32) throws -> Void
  ) throws {
    do {
      // The umask may have taken bits away; set exactly 0600.
      guard fchmod(descriptor, 0o600) == 0 else {
        throw SystemCallError(call: "fchmod", code: errno)
      }
      try fill(descriptor)
      if durable { try syncData(descriptor) }
    } catch {
      close(descriptor)
      unlinkat(directory, name, 0)
      throw error
    }
    guard close(descriptor) == 0 else {
      let code = errno
      unlinkat(directory, name, 0)
      throw SystemCallError(call: "close", code: code)
    }
  }

  /// `.<name>.tmp-<random hex>`: hidden, and recognised as a leftover by the sweep.
  static func temporaryName(for name: String) -> String {
    "." + name + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
  }

  /// Removes `path`, or the target of the link at `path`, and then the last good
  /// version kept beside it (a removed value has no version to go back to); returns
  /// whether there was a file to remove. With no file, nothing is removed.
  static func remove(_ path: String) throws -> Bool {
    try refuseDanglingLink(path)
    let target = try resolvingSymbolicLinks(path)
    var info = stat()
    if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & S_IWUSR == 0 {
      throw StoreFileProblem.readOnly(path: target, mode: UInt32(info.st_mode))
    }
    if unlink(target) != 0 {
      let code = errno
      guard code == ENOENT else { throw SystemCallError(call: "unlink", code: code) }
      return false
    }
    _ = try removeEntry(target + lastGoodSuffix)
    return true
  }

  /// Removes `path` itself (never a link's target); returns whether it was there.
  static func removeEntry(_ path: String) throws(SystemCallError) -> Bool {
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

  // MARK: - Paths

  /// Throws ``StoreFileProblem/danglingLink(path:destination:)`` when `path` is a
  /// symbolic link (or a chain of them) whose final target does not exist and could
  /// not be created, its folder missing too. A link to a file not yet made in a folder
  /// that exists is followed: the first write creates the target.
  static func refuseDanglingLink(_ path: String) throws {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
      stat(path, &info) != 0, errno == ENOENT
    else { return }
    let destination = try resolvingSymbolicLinks(path)
    guard stat(split(destination).folder, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR else {
      return
    }
    throw StoreFileProblem.danglingLink(path: path, destination: destination)
  }

  /// `path` with every symbolic link at its end followed (up to 32 hops); the
  /// target need not exist. A link's relative target is read from the link's folder.
  static func resolvingSymbolicLinks(_ path: String) throws(SystemCallError) -> String {
    var current = path
    for _ in 0..<32 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { throw SystemCallError(call: "readlink", code: errno) }
      let destination = String(
        decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = destination.hasPrefix("/") ? destination : split(current).folder + "/" + destination
    }
    throw SystemCallError(call: "readlink", code: ELOOP)
  }

  /// A path's folder and last component.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
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
