#if canImport(Glibc)
  package import Glibc
#endif

/// Keeps a spawned program from inheriting this process's open files.
///
/// Foundation opens files without `O_CLOEXEC`, so a `posix_spawn` without file
/// actions hands the child every file the process has open at that moment —
/// one being written included. While the child runs, running that file fails with
/// "Text file busy" and a lock held on it stays held. Foundation's `Process`
/// closes them in its children; this does the same for the kit's own spawns.
package enum InheritedDescriptors {
  /// Adds, after the actions already in `actions`, one that closes every
  /// descriptor from 3 up in the child: it keeps standard input, output and error.
  ///
  /// - Parameter actions: Initialized file actions, passed to `posix_spawn`.
  package static func closeAboveStandardError(_ actions: inout posix_spawn_file_actions_t) {
    #if os(Linux)
      // glibc 2.34's posix_spawn_file_actions_addclosefrom_np; the Glibc module does
      // not export it.
      if let closeFrom {
        _ = closeFrom(&actions, 3)
      } else {
        closeEachOpen(&actions)
      }
    #endif
  }

  /// What ``closeAboveStandardError(_:)`` does where glibc is older than 2.34: one
  /// close action for each descriptor from 3 up that is open now, as `/proc/self/fd`
  /// lists them (one opened later, by another thread, may still be inherited).
  ///
  /// - Parameter actions: Initialized file actions, passed to `posix_spawn`.
  package static func closeEachOpen(_ actions: inout posix_spawn_file_actions_t) {
    #if os(Linux)
      guard let folder = opendir("/proc/self/fd") else { return }
      var open: [Int32] = []
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
          String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        if let descriptor = Int32(name), descriptor > 2 { open.append(descriptor) }
      }
      closedir(folder)
      // The folder's own descriptor is listed and closed by then: glibc ignores a
      // close action on a descriptor that is not open.
      for descriptor in open { posix_spawn_file_actions_addclose(&actions, descriptor) }
    #endif
  }

  #if os(Linux)
    private typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let closeFrom: CloseFrom? = {
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
        return nil
      }
      return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
  #endif
}
