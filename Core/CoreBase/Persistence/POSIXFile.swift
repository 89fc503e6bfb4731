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
  /// target, in the target's folder), so the link stays a link. A new temporary file
  /// `.<name>.tmp-<random>` beside the target (created `O_CREAT | O_EXCL |
  /// O_NOFOLLOW`, mode 0600) is written in full, synced, renamed over the target, and
  /// the folder is fsynced so the rename survives a power loss.
  ///
  /// Every write makes a new file and no existing file is ever written into, so a
  /// reader that opened the file — this store's lock-free reads, a watcher, an editor
  /// or a backup — reads the whole version it opened, never a later one half done and
  /// never one that was not committed. A planted file (a FIFO, a device, a hard link)
  /// is never opened for writing, so it can neither block a writer nor be written
  /// through.
  ///
  /// When the previous contents are kept, they get a second name before the rename
  /// (a hard link, or a copy on a file system without them) and take the place of
  /// `<target>.last-good` only after it: a write that fails or is killed before the
  /// rename leaves both the file and `last-good` as they were.
  ///
  /// - Parameters:
  ///   - data: The new contents.
  ///   - path: The file (or a link to it).
  ///   - keepsPrevious: Whether to keep the current contents as `<target>.last-good`.
  ///   - durable: Whether to fsync the file and the folder; without, the replacement
  ///     is still atomic and survives the process being killed, but a crash or power
  ///     loss may bring the old contents back.
  /// - Throws: ``StoreFileProblem/notRegularFile(path:kind:)`` when something
  ///   other than a regular file is in the way (it is left alone), or
  ///   ``StoreFileProblem/lastGoodInTheWay(path:kind:)`` for a folder as `last-good`;
  ///   ``StoreFileProblem/notFlushed(path:cause:)`` or
  ///   ``StoreFileProblem/previousNotKept(path:lastGood:cause:)`` when the new
  ///   contents are in place but a step after the rename failed; else
  ///   ``SystemCallError``, with the file and `last-good` unchanged.
  static func writeAtomically(
    _ data: Data, to path: String, keepsPrevious: Bool, durable: Bool = true
  ) throws {
    try refuseDanglingLink(path)
    let target = try resolvingSymbolicLinks(path)
    let (folder, name) = split(target)
    let faults = WriteFaults.plan(for: folder)
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw SystemCallError(call: "open", code: errno) }
    defer { close(directory) }
    let keeps = try isWritableFile(name, at: target, in: directory) && keepsPrevious
    if keeps { try refuseFolderAsLastGood(of: name, at: target, in: directory) }
    let temporary = try createTemporary(
      named: name, in: directory, durable: durable, faults: faults
    ) { descriptor in
      try writeAll(data, to: descriptor)
    }
    let previous: String?
    do {
      previous = keeps ? try secondName(for: name, in: directory, durable: durable, faults) : nil
    } catch {
      unlinkat(directory, temporary, 0)
      throw error
    }
    try rename(temporary, over: name, in: directory, droppingOnFailure: previous, faults)
    // Committed: from here on, an error says the new contents are in place.
    if let previous {
      try keep(previous, asLastGoodOf: name, at: target, in: directory, faults)
    }
    guard durable else { return }
    do throws(SystemCallError) {
      try faults?.check(.syncFolder, call: "fsync")
      guard fsync(directory) == 0 else { throw SystemCallError(call: "fsync", code: errno) }
    } catch {
      throw StoreFileProblem.notFlushed(path: target, cause: error)
    }
  }

  /// Whether `name` exists; throws when it is not a regular file or is read-only,
  /// which a write would replace.
  private static func isWritableFile(_ name: String, at target: String, in directory: Int32)
    throws -> Bool
  {
    var info = stat()
    guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
    if info.st_mode & S_IFMT != S_IFREG {
      throw StoreFileProblem.notRegularFile(path: target, kind: FileKind(mode: info.st_mode))
    }
    if info.st_mode & S_IWUSR == 0 {
      throw StoreFileProblem.readOnly(path: target, mode: UInt32(info.st_mode))
    }
    return true
  }

  /// Throws when `name`'s `last-good` is a folder: a folder cannot be renamed over, so
  /// this is refused before anything is written.
  private static func refuseFolderAsLastGood(
    of name: String, at target: String, in directory: Int32
  ) throws {
    var info = stat()
    if fstatat(directory, name + lastGoodSuffix, &info, AT_SYMLINK_NOFOLLOW) == 0,
      info.st_mode & S_IFMT == S_IFDIR
    {
      throw StoreFileProblem.lastGoodInTheWay(
        path: target + lastGoodSuffix, kind: FileKind(mode: info.st_mode))
    }
  }

  /// The commit: renames the written temporary file over `name`; on failure removes it
  /// and the previous contents' second name, leaving the folder as it was.
  private static func rename(
    _ temporary: String, over name: String, in directory: Int32,
    droppingOnFailure previous: String?, _ faults: WriteFaults.Plan?
  ) throws {
    do {
      try faults?.check(.commit, call: "rename")
      guard renameat(directory, temporary, directory, name) == 0 else {
        throw SystemCallError(call: "rename", code: errno)
      }
    } catch {
      unlinkat(directory, temporary, 0)
      if let previous { unlinkat(directory, previous, 0) }
      throw error
    }
  }

  /// Renames the previous contents' second name to `name`'s `last-good`, after the
  /// commit; a failure says the new contents are in place but the old are not kept.
  private static func keep(
    _ previous: String, asLastGoodOf name: String, at target: String, in directory: Int32,
    _ faults: WriteFaults.Plan?
  ) throws {
    do throws(SystemCallError) {
      try faults?.check(.keepPrevious, call: "rename")
      guard renameat(directory, previous, directory, name + lastGoodSuffix) == 0 else {
        throw SystemCallError(call: "rename", code: errno)
      }
    } catch {
      unlinkat(directory, previous, 0)
      throw StoreFileProblem.previousNotKept(
        path: target, lastGood: target + lastGoodSuffix, cause: error)
    }
  }

  /// The suffix of the copy of the previous contents kept beside a file.
  static let lastGoodSuffix = ".last-good"

  /// Gives the current contents of `name` a second, temporary name, which becomes
  /// `name.last-good` once the new contents are in place; returns that name.
  ///
  /// A hard link, so no byte is copied; where the file system has none, or the file
  /// has as many links as it can take, a copy. Any other failure (the disk full, an
  /// I/O error) throws: a write that could not keep the version before it does not
  /// happen.
  private static func secondName(
    for name: String, in directory: Int32, durable: Bool, _ faults: WriteFaults.Plan?
  ) throws -> String {
    let link = temporaryName(for: name)
    do {
      try faults?.check(.linkPrevious, call: "link")
      guard linkat(directory, name, directory, link, 0) == 0 else {
        throw SystemCallError(call: "link", code: errno)
      }
      return link
    } catch let error as SystemCallError where Self.hasNoLinks(error.code) {
      let contents = try readCurrent(name, in: directory)
      return try createTemporary(named: name, in: directory, durable: durable, faults: nil) {
        descriptor in
        try writeAll(contents, to: descriptor)
      }
    }
  }

  /// Whether a `link` failure means a copy is needed rather than that the write must
  /// stop: no hard links on this file system, or too many on this file.
  private static func hasNoLinks(_ code: Int32) -> Bool {
    code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK || code == ENOSYS
  }

  /// The whole current contents of `name`, for a copy of it.
  private static func readCurrent(_ name: String, in directory: Int32) throws -> Data {
    let descriptor = openat(directory, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw SystemCallError(call: "fstat", code: errno) }
    return try readAll(descriptor, expected: Int(info.st_size), limit: Int.max - 1, path: name)
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
    named name: String, in directory: Int32, durable: Bool = true, faults: WriteFaults.Plan?,
    fill: (Int32) throws -> Void
  ) throws -> String {
    let temporary = temporaryName(for: name)
    try faults?.check(.createTemporary, call: "open")
    let descriptor = openat(
      directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
    try finish(descriptor, named: temporary, in: directory, durable: durable, faults: faults) {
      descriptor in
      try faults?.check(.fillTemporary, call: "write")
      try fill(descriptor)
    }
    return temporary
  }

  /// Sets the open temporary file `name` to mode 0600, fills it with `fill`, syncs
  /// it (when `durable`) and closes it; on any failure it is closed and removed.
  private static func finish(
    _ descriptor: Int32, named name: String, in directory: Int32, durable: Bool,
    faults: WriteFaults.Plan?, filling fill: (Int32) throws -> Void
  ) throws {
    do {
      // The umask may have taken bits away; set exactly 0600.
      guard fchmod(descriptor, 0o600) == 0 else {
        throw SystemCallError(call: "fchmod", code: errno)
      }
      try fill(descriptor)
      if durable {
        try faults?.check(.syncTemporary, call: "fdatasync")
        try syncData(descriptor)
      }
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
