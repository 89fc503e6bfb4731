import Core
import CoreTerminal
import CoreTesting
import Foundation
import Glibc
import Testing

/// These tests change the process's SIGINT and SIGQUIT dispositions, so they run
/// one at a time.
@Suite("ForegroundProcess", .serialized, .timeLimit(.minutes(10)))
struct ForegroundProcessTests {
  private static let environment = ["PATH": "/usr/bin:/bin"]

  private func shell(_ script: String) throws -> Int32 {
    try ForegroundProcess.run(
      executable: "/bin/sh", arguments: ["-c", script], environment: Self.environment)
  }

  /// The handler address installed for `signal` (`SIG_DFL` is 0, `SIG_IGN` is 1).
  private func disposition(_ signal: Int32) -> Int {
    var current = sigaction()
    sigaction(signal, nil, &current)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
  }

  @Test("a child that signals its parent with SIGINT and SIGQUIT leaves the caller alive")
  func parentIgnoresInterrupts() throws {
    let before = (disposition(SIGINT), disposition(SIGQUIT))
    let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
    #expect(before.0 != ignored && before.1 != ignored, "the test needs a non-ignored start")
    // Without the ignore, SIGINT/SIGQUIT would end this test process: a signal sent
    // with `kill` is pending at once, so the child need not wait for it to land.
    let status = try shell("kill -INT $PPID; kill -QUIT $PPID; exit 3")
    #expect(status == 3)
    #expect(disposition(SIGINT) == before.0)
    #expect(disposition(SIGQUIT) == before.1)
  }

  @Test("the child gets default SIGINT handling although the caller ignores it meanwhile")
  func childDefaultInterrupt() throws {
    // A shell started with SIGINT ignored cannot undo it, and would reach `exit 3`.
    #expect(try shell("kill -INT $$; exit 3") == 130)
  }

  @Test(
    "exit codes pass through; a child ended by a signal reports 128 + the signal",
    arguments: [
      ("exit 0", 0), ("exit 7", 7), ("exit 255", 255), ("kill -TERM $$", 128 + 15),
      ("kill -KILL $$", 128 + 9), ("kill -PIPE $$", 128 + 13),
    ] as [(String, Int32)])
  func exitStatus(script: String, expected: Int32) throws {
    #expect(try shell(script) == expected)
  }

  @Test("the child inherits standard streams and gets exactly the given environment")
  func environmentAndStreams() throws {
    let folder = try TemporaryDirectory(prefix: "foreground-process")
    let out = folder.appending("env").path
    let status = try ForegroundProcess.run(
      executable: "/bin/sh",
      arguments: [
        "-c", "printf '%s|%s|%s' \"$ONE\" \"$1\" \"${HOME-unset}\" > \"$2\"", "sh", "a b", out,
      ],
      environment: ["ONE": "1 = one"])
    #expect(status == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "1 = one|a b|unset")
  }

  @Test("no other open file of the caller reaches the child, even one opened without O_CLOEXEC")
  func noInheritedFiles() throws {
    let folder = try TemporaryDirectory(prefix: "foreground-process")
    // As Foundation opens a file it writes: a child holding it would make running the
    // file fail with "Text file busy" until the child ends.
    let descriptor = open(folder.appending("being-written").path, O_WRONLY | O_CREAT, 0o600)
    try #require(descriptor > 2)
    defer { close(descriptor) }
    let status = try shell(
      "[ -e /proc/$$/fd/2 ] || exit 2; [ -e /proc/$$/fd/\(descriptor) ] && exit 1; exit 0")
    #expect(status == 0)
  }

  @Test("a program that does not exist is an error naming it; dispositions are restored")
  func missingProgram() throws {
    let before = disposition(SIGINT)
    let error = #expect(throws: ForegroundProcessError.self) {
      try ForegroundProcess.run(
        executable: "/nonexistent/editor", arguments: [], environment: [:])
    }
    #expect(error?.code == ENOENT)
    #expect(error?.description == "cannot start /nonexistent/editor: No such file or directory")
    #expect(disposition(SIGINT) == before)
  }

  @Test("a raw wait status decodes as a shell does, core-dump bit included")
  func rawStatus() {
    #expect(ForegroundProcess.exitStatus(3 << 8) == 3)
    #expect(ForegroundProcess.exitStatus(SIGQUIT | 0x80) == 128 + SIGQUIT)
    #expect(ForegroundProcess.exitStatus(SIGINT) == 130)
  }
}
