import CoreBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs another program in the foreground of the terminal — an editor, a pager —
/// and waits for it, the way git runs `$EDITOR`.
///
/// The child inherits standard input, output and error, so it owns the terminal
/// while it runs, and no other open file of the app. When the user presses Ctrl-C
/// or Ctrl-\ in it, the terminal sends SIGINT or SIGQUIT to the whole foreground
/// process group — the app included. So, while the child runs, the app ignores
/// SIGINT and SIGQUIT (and puts the previous dispositions back afterwards), while
/// the child starts with their default handling: the editor decides what Ctrl-C
/// means, and the app survives to use what the user saved.
///
/// <!-- doc-test: context
/// let editor = "vi"
/// let path = "/tmp/note.txt"
/// let environment: [String: String] = [:]
/// -->
/// ```swift
/// let status = try ForegroundProcess.run(
///   executable: "/bin/sh", arguments: ["-c", editor + " \"$1\"", "sh", path],
///   environment: environment)
/// guard status == 0 else { fatalError("the editor failed") }
/// ```
public enum ForegroundProcess {
  /// Starts `executable` with `arguments`, waits for it to end and returns its
  /// exit status.
  ///
  /// The executable is not searched for in `PATH`: pass a path (`/bin/sh`).
  /// SIGINT and SIGQUIT are ignored by the calling process until the child ends;
  /// the child gets the default handling of SIGINT, SIGQUIT and SIGPIPE even when
  /// the caller ignores them. Calls may overlap (from several threads): the
  /// previous dispositions come back when the last one returns.
  ///
  /// - Parameters:
  ///   - executable: The program's path, e.g. `/bin/sh`.
  ///   - arguments: The arguments after the program name (`argv[1...]`).
  ///   - environment: The child's complete environment.
  /// - Returns: The exit status, or 128 + the signal number when a signal ended
  ///   the child (130 for SIGINT), as a shell reports it.
  /// - Throws: ``ForegroundProcessError`` when the program cannot be started.
  public static func run(
    executable: String, arguments: [String], environment: [String: String]
  ) throws(ForegroundProcessError) -> Int32 {
    ignoreInterrupts()
    defer { restoreInterrupts() }
    let pid = try spawn(executable: executable, arguments: arguments, environment: environment)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else {
        throw ForegroundProcessError(executable: executable, code: errno, operation: "wait for")
      }
    }
    return exitStatus(status)
  }

  /// Turns a `waitpid` status into a shell-style exit status.
  ///
  /// - Parameter status: The raw status from `waitpid`.
  /// - Returns: The exit code, or 128 + the signal number for a child a signal ended.
  package static func exitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  // MARK: - Spawning

  private static func spawn(
    executable: String, arguments: [String], environment: [String: String]
  ) throws(ForegroundProcessError) -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    InheritedDescriptors.closeAboveStandardError(&actions)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid = pid_t()
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw ForegroundProcessError(executable: executable, code: result, operation: "start")
    }
    return pid
  }

  // MARK: - Ignoring the terminal's interrupts meanwhile

  /// The dispositions found when the first overlapping call began.
  private struct Saved: @unchecked Sendable {
    // Safe: plain C structs (flags, masks and handler addresses), only touched
    // under the lock below.
    var depth = 0
    var interrupt = sigaction()
    var quit = sigaction()
  }

  private static let saved = Locked(Saved())

  private static func ignoreInterrupts() {
    saved.withLock { saved in
      saved.depth += 1
      guard saved.depth == 1 else { return }
      var ignore = sigaction()
      ignore.__sigaction_handler.sa_handler = SIG_IGN
      sigemptyset(&ignore.sa_mask)
      sigaction(SIGINT, &ignore, &saved.interrupt)
      sigaction(SIGQUIT, &ignore, &saved.quit)
    }
  }

  private static func restoreInterrupts() {
    saved.withLock { saved in
      saved.depth -= 1
      guard saved.depth == 0 else { return }
      sigaction(SIGINT, &saved.interrupt, nil)
      sigaction(SIGQUIT, &saved.quit, nil)
    }
  }
}

/// A program ``ForegroundProcess`` could not start or wait for.
public struct ForegroundProcessError: Error, Equatable, CustomStringConvertible {
  /// The program's path.
  public var executable: String
  /// The `errno` value, e.g. `ENOENT`.
  public var code: Int32
  /// What failed: `start` or `wait for`.
  public var operation: String

  /// One line, e.g. `cannot start /bin/nano: No such file or directory`.
  public var description: String {
    "cannot \(operation) \(executable): \(String(cString: strerror(code)))"
  }
}
