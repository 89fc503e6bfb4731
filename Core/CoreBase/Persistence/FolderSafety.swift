import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks that only the current user can change what a store folder holds, as
/// OpenSSH checks `~/.ssh`.
///
/// - The folder must belong to the current user and be writable by nobody else
///   (no group or world write bit).
/// - Every folder above it (after following links) must belong to the current user
///   or to root, and be writable by nobody else — unless it has the sticky bit, as
///   `/tmp` does, which stops others from renaming or removing what is not theirs.
///
/// Otherwise another user could plant values, hold the lock, put a FIFO where a
/// file should be, or swap the folder for one of their own.
enum FolderSafety {
  /// Why a folder is unsafe, and how to fix it.
  struct Problem: Error, Equatable {
    /// The folder at fault (the store's or one above it).
    var path: String
    /// One clause: `other users can write to it (mode 0777)`.
    var reason: String
    /// A command or step that fixes it.
    var fix: String
  }

  /// Checks the store folder at `path`, which exists.
  ///
  /// - Throws: ``Problem`` for an unsafe folder, ``SystemCallError`` when a folder
  ///   cannot be examined.
  static func check(_ path: String) throws {
    let user = geteuid()
    try checkOwnFolder(path, user: user)
    guard let real = realpath(path, nil) else {
      throw SystemCallError(call: "realpath", code: errno)
    }
    let resolved = String(cString: real)
    free(real)
    var ancestor = POSIXFile.split(resolved).folder
    while true {
      try checkAncestor(ancestor, user: user)
      if ancestor == "/" { return }
      ancestor = POSIXFile.split(ancestor).folder
    }
  }

  private static func checkOwnFolder(_ path: String, user: uid_t) throws {
    let info = try status(path)
    guard info.st_uid == user else {
      throw Problem(
        path: path, reason: "it belongs to another user (uid \(info.st_uid))",
        fix: "use a folder of your own (see the XDG_* variables), or 'chown \(user) "
          + "\(ShellQuote.quote(path))' if it should be yours")
    }
    guard info.st_mode & 0o022 == 0 else {
      throw Problem(
        path: path, reason: "other users can write to it (mode \(modeText(info.st_mode)))",
        fix: "chmod 700 \(ShellQuote.quote(path))")
    }
  }

  private static func checkAncestor(_ path: String, user: uid_t) throws {
    let info = try status(path)
    guard info.st_uid == user || info.st_uid == 0 else {
      throw Problem(
        path: path, reason: "a folder above the store belongs to another user (uid \(info.st_uid))",
        fix: "keep the store under folders that belong to you or to root")
    }
    let isSticky = info.st_mode & S_ISVTX != 0
    guard info.st_mode & 0o022 == 0 || isSticky else {
      throw Problem(
        path: path,
        reason:
          "other users can write to a folder above the store (mode \(modeText(info.st_mode)))",
        fix: "chmod go-w \(ShellQuote.quote(path))")
    }
  }

  private static func status(_ path: String) throws -> stat {
    var info = stat()
    guard stat(path, &info) == 0 else { throw SystemCallError(call: "stat", code: errno) }
    return info
  }

  private static func modeText(_ mode: mode_t) -> String {
    "0" + String(mode & 0o7777, radix: 8)
  }
}
