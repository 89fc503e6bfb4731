import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the file store refused a file or folder without touching it.
///
/// It is the ``PersistenceError/underlying`` cause of a `cannotRead` or
/// `cannotWrite`, or the reason of an ``PersistenceError/unsafeFolder(path:reason:fix:)``.
package enum StoreFileProblem: Error, Hashable, CustomStringConvertible {
  /// Something other than a regular file (a FIFO, a device, a folder) is where a
  /// stored value should be.
  case notRegularFile(path: String, kind: FileKind)
  /// The file is larger than the store reads.
  case tooLarge(path: String, size: Int64, limit: Int)
  /// A new value is larger than the store reads, so it was not written: a store
  /// never writes what it could not read back.
  case wouldBeTooLarge(path: String, size: Int, limit: Int)
  /// The user made the file read-only (no owner write bit): it is read, never replaced.
  case readOnly(path: String, mode: UInt32)
  /// The file is a symbolic link whose target does not exist, in a folder that does
  /// not exist either (so a write could not create it).
  case danglingLink(path: String, destination: String)
  /// Something other than a file (a folder) is where the version before a change is
  /// kept, so the change was not made.
  case lastGoodInTheWay(path: String, kind: FileKind)
  /// The new contents are in place, but syncing the folder afterwards failed, so
  /// the change may not survive a crash or power loss.
  case notFlushed(path: String, cause: SystemCallError)
  /// The new contents are in place, but the version before them could not take the
  /// place of `lastGood`, which still holds what it held.
  case previousNotKept(path: String, lastGood: String, cause: SystemCallError)

  /// Whether the new value was written all the same (the error came after the commit).
  package var isNewValueInPlace: Bool {
    switch self {
    case .notFlushed, .previousNotKept: true
    default: false
    }
  }

  /// One clause for a message.
  package var description: String {
    switch self {
    case .notRegularFile(_, let kind):
      "it is \(kind.withArticle), not a regular file; left untouched"
    case .tooLarge(_, let size, let limit):
      "it holds \(size) bytes, more than the \(limit) bytes this store reads; left untouched"
    case .wouldBeTooLarge(_, let size, let limit):
      "the new value takes \(size) bytes, more than the \(limit) bytes this store reads; "
        + "nothing was written"
    case .readOnly(_, let mode):
      "it is read-only (mode \(Self.octal(mode))), so it was not changed; reading it still works"
    case .danglingLink(_, let destination):
      "it is a symbolic link to \(destination), which does not exist, in a folder that does "
        + "not exist either; left untouched"
    case .lastGoodInTheWay(let path, let kind):
      "\(path), where the version before a change is kept, is \(kind.withArticle); nothing "
        + "was written"
    case .notFlushed(_, let cause):
      "syncing its folder failed (\(cause)), so the change may not survive a crash or power "
        + "loss"
    case .previousNotKept(_, let lastGood, let cause):
      "the version before it could not be kept as \(lastGood) (\(cause)), which still holds "
        + "an older one"
    }
  }

  /// `0400`: the permission bits of a mode, as `chmod` and `ls -l` users write them.
  static func octal(_ mode: UInt32) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The next step for the user.
  package var hint: String {
    switch self {
    case .notRegularFile(let path, _), .lastGoodInTheWay(let path, _):
      "move it out of the way (mv \(ShellQuote.quote(path)) \(ShellQuote.quote(path + ".moved"))) "
        + "and run the command again"
    case .tooLarge:
      "the limit is the store's maximumFileSize; check the file is the one you meant"
    case .wouldBeTooLarge:
      "remove some of what is stored, then try again"
    case .readOnly(let path, _):
      "to allow changes, make it writable: chmod u+w \(ShellQuote.quote(path))"
    case .danglingLink(let path, let destination):
      "restore \(ShellQuote.quote(destination)) (or create its folder: mkdir -p "
        + "\(ShellQuote.quote(POSIXFile.split(destination).folder))), or remove the link to start "
        + "afresh: rm \(ShellQuote.quote(path))"
    case .notFlushed:
      "check the disk (dmesg may say more); the next successful change syncs it again"
    case .previousNotKept(_, let lastGood, _):
      "see what is in the way: ls -l \(ShellQuote.quote(lastGood)) (lsattr shows an immutable "
        + "file)"
    }
  }
}

/// What kind of file system object a path is, for messages.
package struct FileKind: Hashable, Sendable {
  /// `regular file`, `FIFO`, `character device` …
  package var name: String

  /// The kind of an `st_mode`.
  init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: name = "regular file"
    case S_IFDIR: name = "folder"
    case S_IFIFO: name = "FIFO"
    case S_IFCHR: name = "character device"
    case S_IFBLK: name = "block device"
    case S_IFSOCK: name = "socket"
    case S_IFLNK: name = "symbolic link"
    default: name = "special file"
    }
  }

  /// `a FIFO`, `a folder`, `a character device`.
  var withArticle: String { "a \(name)" }
}

/// Single quotes for a path shown in a command the user may paste.
package enum ShellQuote {
  /// `path` as is when it is plain, else in single quotes.
  package static func quote(_ path: String) -> String {
    let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+,:@%".contains($0) }
    if plain && !path.isEmpty { return path }
    return "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
