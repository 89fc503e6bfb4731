import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A first-come, first-served queue in front of a ``FolderLock``, so that no
/// writer starves.
///
/// A `flock` wakes every waiter when it is released and the quickest wins, so a
/// writer that just released it, or a newcomer, often beats one that has waited
/// for seconds. The queue hands out turns in order instead: a small file holds the
/// next ticket (bytes 0–7, guarded by a lock on byte 0); each writer takes a ticket,
/// locks its own slot byte, and waits for the slot of the ticket before it. When
/// that writer is done (or dies, or gives up), its slot is released and the next
/// one goes. Open-file-description locks (`F_OFD_SETLKW`) do this on Linux.
///
/// The queue only orders writers; the folder's `flock` still guarantees that
/// one writer at a time runs. So whenever the queue cannot be used — another
/// platform, a queue file that cannot be created or is not a regular file of this
/// user, more than 4,096 waiters — a writer simply skips it.
///
/// The file lives in the store's folder itself, hidden (``fileName``), and only
/// while writers queue: the last writer out removes it. There, every process that
/// writes to the folder finds the same queue whatever its environment (a cron job,
/// `sudo`), and an app writes into no folder but its own store's — no folder of
/// the kit's or of another app's family.
package enum LockQueue {
  /// The queue file's name in the store's folder.
  package static let fileName = ".writers-queue"

  /// A writer's place at the front of the queue; ``leave()`` lets the next go.
  package struct Turn {
    let descriptor: Int32
    let ticket: Int64
    let path: String

    /// Releases the slot, and removes the queue file when nobody is behind (and the
    /// path still names this queue's file).
    package func leave() {
      #if os(Linux)
        if LockQueue.lock(descriptor, F_WRLCK, at: 0, wait: false) == 0 {
          var next: Int64 = 0
          if pread(descriptor, &next, 8, 0) == 8, next == ticket &+ 1,
            LockQueue.isCurrent(descriptor, at: path)
          {
            unlink(path)
          }
        }
      #endif
      close(descriptor)
    }
  }

  /// Waits until every writer that queued before this one is done.
  ///
  /// - Parameters:
  ///   - folder: An open descriptor of the store's folder.
  ///   - folderPath: The store folder's path; the queue file is ``fileName`` in it.
  ///   - deadline: When to give up.
  /// - Returns: The turn to leave after the work, or `nil` when the queue could not
  ///   be used (the caller goes straight to the folder lock).
  /// - Throws: ``FolderLock/TimedOut`` when the writers before did not finish in time.
  package static func waitForTurn(
    on folder: Int32, at folderPath: String, until deadline: ContinuousClock.Instant
  ) throws -> Turn? {
    #if os(Linux)
      guard let opened = openQueue(in: folder, at: folderPath) else { return nil }
      return try waitForTurn(opened: opened, on: folder, at: folderPath, until: deadline)
    #else
      return nil
    #endif
  }

  /// Whether no writer is queued in the store's folder: its queue file is absent.
  ///
  /// - Parameter folder: An open descriptor of the store's folder.
  /// - Returns: Whether ``fileName`` is absent from `folder`.
  package static func isEmpty(in folder: Int32) -> Bool {
    var info = stat()
    return fstatat(folder, fileName, &info, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT
  }

  #if os(Linux)
    /// Waits for a turn in a queue file opened earlier (``openQueue(in:at:)``).
    ///
    /// The last writer out removes the file. A writer that opened it just before
    /// would take a ticket in a file nobody else sees, while newcomers queue in a new
    /// one: two queues, and the folder lock's free-for-all between them. So the
    /// ticket is taken only in the file the path names; otherwise the writer opens
    /// that file and tries again.
    package static func waitForTurn(
      opened: (descriptor: Int32, path: String), on folder: Int32, at folderPath: String,
      until deadline: ContinuousClock.Instant
    ) throws -> Turn? {
      var (descriptor, path) = opened
      var attempts = 1
      // Take a ticket under the counter lock, in the current file.
      while true {
        guard try wait(descriptor, at: 0, until: deadline) else { return nil }
        if isCurrent(descriptor, at: path) { break }
        _ = lock(descriptor, F_UNLCK, at: 0, wait: false)
        close(descriptor)
        attempts += 1
        guard attempts <= 3, let again = openQueue(in: folder, at: folderPath) else { return nil }
        (descriptor, path) = again
      }
      var ticket: Int64 = 0
      if pread(descriptor, &ticket, 8, 0) != 8 || ticket < 0 { ticket = 0 }
      var next = ticket &+ 1
      let wroteNext = pwrite(descriptor, &next, 8, 0) == 8
      let hasSlot = wroteNext && lock(descriptor, F_WRLCK, at: slot(ticket), wait: false) == 0
      _ = lock(descriptor, F_UNLCK, at: 0, wait: false)
      guard hasSlot else {
        close(descriptor)
        return nil
      }
      // Wait for the writer before, then let go of its slot at once.
      let before = slot(ticket &+ slots &- 1)
      guard try wait(descriptor, at: before, until: deadline) else { return nil }
      _ = lock(descriptor, F_UNLCK, at: before, wait: false)
      return Turn(descriptor: descriptor, ticket: ticket, path: path)
    }

    /// Whether `descriptor` is the file `path` names now (not one removed meanwhile).
    fileprivate static func isCurrent(_ descriptor: Int32, at path: String) -> Bool {
      var opened = stat()
      var named = stat()
      return fstat(descriptor, &opened) == 0 && lstat(path, &named) == 0
        && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }
  #endif

  #if os(Linux)
    /// Open-file-description locks; Swift's Glibc does not export the names.
    private static let setLock: Int32 = 37  // F_OFD_SETLK
    private static let setLockWaiting: Int32 = 38  // F_OFD_SETLKW
    private static let slots: Int64 = 4096

    private static func slot(_ ticket: Int64) -> Int64 { 8 + ticket % slots }

    /// Opens (creating) the queue file in the open `folder`; `nil` when it is not a
    /// regular file of the current user.
    package static func openQueue(in folder: Int32, at folderPath: String) -> (
      descriptor: Int32, path: String
    )? {
      let descriptor = openat(folder, fileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return nil }
      let path = folderPath + "/" + fileName
      var own = stat()
      guard fstat(descriptor, &own) == 0, own.st_mode & S_IFMT == S_IFREG,
        own.st_uid == geteuid()
      else {
        close(descriptor)
        return nil
      }
      return (descriptor, path)
    }

    /// Locks byte `start`, waiting until `deadline`. Returns false when the queue
    /// cannot be used (the descriptor is then closed); throws on a timeout (the
    /// helper thread then closes the descriptor when its wait ends).
    private static func wait(
      _ descriptor: Int32, at start: Int64, until deadline: ContinuousClock.Instant
    )
      throws -> Bool
    {
      let first = lock(descriptor, F_WRLCK, at: start, wait: false)
      if first == 0 { return true }
      guard first == EAGAIN || first == EACCES else {
        close(descriptor)
        return false
      }
      let outcome = BlockingCall.run(until: deadline) {
        lock(descriptor, F_WRLCK, at: start, wait: true)
      } abandon: {
        close(descriptor)
      }
      switch outcome {
      case .succeeded:
        return true
      case .timedOut:
        throw FolderLock.TimedOut()
      case .failed:
        close(descriptor)
        return false
      }
    }

    /// Sets (`F_WRLCK`) or clears (`F_UNLCK`) the lock on one byte; 0 or an `errno`.
    fileprivate static func lock(_ descriptor: Int32, _ type: Int32, at start: Int64, wait: Bool)
      -> Int32
    {
      var request = flock()
      request.l_type = Int16(type)
      request.l_whence = Int16(SEEK_SET)
      request.l_start = off_t(start)
      request.l_len = 1
      while fcntl(descriptor, wait ? setLockWaiting : setLock, &request) != 0 {
        let code = errno
        if code != EINTR { return code }
      }
      return 0
    }
  #endif
}
