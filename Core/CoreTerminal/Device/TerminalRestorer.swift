import CoreBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process-wide, signal-safe record of how to put the terminal back.
///
/// Signal handlers cannot take locks, allocate or call into Swift's runtime, so the
/// saved settings and the restore bytes are prepared in memory that is allocated
/// once and never freed, and the handlers use only async-signal-safe calls
/// (`write`, `tcsetattr`, `sigaction`, `sigprocmask`, `raise`). At most one terminal
/// is interactive at a time; ``arm(_:)`` fails for a second one.
enum TerminalRestorer {
  /// What the handlers need: where to write, and which settings to put back.
  struct Record {
    var inputDescriptor: Int32 = -1
    var outputDescriptor: Int32 = -1
    var wakeDescriptor: Int32 = -1
    var original = termios()
    var raw = termios()
  }

  /// Signals after which the process ends: restore, then let them proceed.
  static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// Crash signals: restore, then let the crash proceed.
  static let crashSignals: [Int32] = [SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGABRT, SIGTRAP]

  /// Writes a wake byte for a resize (`w`) or a resume (`c`); read by the device.
  static let resizeByte = UInt8(ascii: "w")
  /// Wake byte for a resume after suspend.
  static let resumeByte = UInt8(ascii: "c")

  /// Arms the handlers for `record`: from now on every way out restores the terminal.
  ///
  /// - Parameter record: The descriptors and settings to restore.
  /// - Returns: `false` when another terminal is armed already.
  static func arm(_ record: Record) -> Bool {
    guard isArmed.exchange(1) == 0 else { return false }
    prepare()
    storage.pointee = record
    for signal in terminationSignals {
      install(signal, handler: handleTermination, unlessIgnored: true)
    }
    for signal in crashSignals { install(signal, handler: handleCrash, unlessIgnored: false) }
    install(SIGTSTP, handler: handleSuspend, unlessIgnored: true)
    install(SIGCONT, handler: handleResume, unlessIgnored: false)
    install(SIGWINCH, handler: handleResize, unlessIgnored: false)
    return true
  }

  /// Disarms the handlers and puts the previous signal actions back.
  static func disarm() {
    guard isArmed.exchange(0) != 0 else { return }
    for signal in terminationSignals + crashSignals + [SIGTSTP, SIGCONT, SIGWINCH] {
      uninstall(signal)
    }
  }

  // MARK: - Prepared storage (never freed; read by signal handlers)

  private static let isArmed = SignalWord(0)
  private static let installedMask = SignalWord(0)
  private static let isPrepared = SignalWord(0)
  nonisolated(unsafe) private static let storage = UnsafeMutablePointer<Record>.allocate(
    capacity: 1)
  nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>
    .allocate(capacity: 65)
  nonisolated(unsafe) private static let restoreBytes = prepared(TerminalControl.restoreSequence)
  nonisolated(unsafe) private static let enterBytes = prepared(TerminalControl.enterSequence)

  private static func prepared(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
    let bytes = Array(text.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
  }

  /// Touches every static the handlers read, so none is lazily created in a handler.
  private static func prepare() {
    guard isPrepared.exchange(1) == 0 else { return }
    storage.initialize(to: Record())
    previousActions.initialize(repeating: sigaction(), count: 65)
    _ = restoreBytes.count
    _ = enterBytes.count
    atexit { TerminalRestorer.restoreAtExit() }
  }

  // MARK: - Installing

  private static func install(
    _ signal: Int32, handler: @convention(c) (Int32) -> Void, unlessIgnored: Bool
  ) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    var previous = sigaction()
    sigaction(signal, &action, &previous)
    if unlessIgnored, isIgnored(previous) {
      sigaction(signal, &previous, nil)
      return
    }
    previousActions[Int(signal)] = previous
    installedMask.setBits(1 << UInt64(signal))
  }

  /// Whether an action is `SIG_IGN` (handler value 1; `SIG_DFL` is 0, imported as `nil`).
  private static func isIgnored(_ action: sigaction) -> Bool {
    guard let handler = action.__sigaction_handler.sa_handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == 1
  }

  private static func uninstall(_ signal: Int32) {
    let bit: UInt64 = 1 << UInt64(signal)
    guard installedMask.clearBits(bit) & bit != 0
    else { return }
    sigaction(signal, previousActions + Int(signal), nil)
  }

  // MARK: - Async-signal-safe actions

  /// Writes all of `buffer` to `descriptor`, retrying after interruptions.
  ///
  /// - Returns: 0 when every byte was written, else the `errno` of the failed write.
  @discardableResult
  static func writeAll(_ descriptor: Int32, _ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int32 {
    guard let base = buffer.baseAddress else { return 0 }
    var offset = 0
    while offset < buffer.count {
      let written = systemWrite(descriptor, base + offset, buffer.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return written < 0 ? errno : EIO
      }
    }
    return 0
  }

  /// Writes the restore bytes and puts the original settings back.
  private static func restore() {
    writeAll(storage.pointee.outputDescriptor, restoreBytes)
    tcsetattr(storage.pointee.inputDescriptor, TCSANOW, &storage.pointee.original)
  }

  /// Passes `signal` on to whatever handled it before, now that the terminal is back.
  private static func forward(_ signal: Int32) {
    sigaction(signal, previousActions + Int(signal), nil)
    installedMask.clearBits(1 << UInt64(signal))
    raise(signal)  // blocked inside this handler: delivered when the handler returns
  }

  private static func restoreAtExit() {
    guard isArmed.exchange(0) != 0 else { return }
    restore()
  }

  private static let handleTermination: @convention(c) (Int32) -> Void = { signal in
    let saved = errno
    if TerminalRestorer.isArmed.exchange(0) != 0 {
      TerminalRestorer.restore()
    }
    TerminalRestorer.forward(signal)
    errno = saved
  }

  private static let handleCrash: @convention(c) (Int32) -> Void = { signal in
    if TerminalRestorer.isArmed.exchange(0) != 0 {
      TerminalRestorer.restore()
    }
    TerminalRestorer.forward(signal)
  }

  private static let handleSuspend: @convention(c) (Int32) -> Void = { signal in
    let saved = errno
    let armed = TerminalRestorer.isArmed.isSet
    if armed { TerminalRestorer.restore() }
    // Stop for real: default action, raise, unblock; execution continues on SIGCONT.
    var defaultAction = sigaction()
    defaultAction.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&defaultAction.sa_mask)
    var ours = sigaction()
    sigaction(SIGTSTP, &defaultAction, &ours)
    raise(SIGTSTP)
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &mask, nil)
    sigaction(SIGTSTP, &ours, nil)
    errno = saved
  }

  private static let handleResume: @convention(c) (Int32) -> Void = { _ in
    let saved = errno
    if TerminalRestorer.isArmed.isSet {
      tcsetattr(
        TerminalRestorer.storage.pointee.inputDescriptor, TCSANOW,
        &TerminalRestorer.storage.pointee.raw)
      TerminalRestorer.writeAll(
        TerminalRestorer.storage.pointee.outputDescriptor, TerminalRestorer.enterBytes)
      TerminalRestorer.wake(TerminalRestorer.resumeByte)
    }
    errno = saved
  }

  private static let handleResize: @convention(c) (Int32) -> Void = { _ in
    let saved = errno
    TerminalRestorer.wake(TerminalRestorer.resizeByte)
    errno = saved
  }

  private static func wake(_ byte: UInt8) {
    var byte = byte
    _ = systemWrite(storage.pointee.wakeDescriptor, &byte, 1)
  }
}
