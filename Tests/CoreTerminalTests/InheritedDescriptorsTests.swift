import CoreTerminal
import CoreTesting
import Foundation
import Glibc
import Testing

@Suite("InheritedDescriptors")
struct InheritedDescriptorsTests {
  /// Spawns `/bin/sh -c script` with the file actions `prepare` adds, and waits for it.
  private func spawnShell(
    _ script: String, _ prepare: (inout posix_spawn_file_actions_t) -> Void
  ) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    prepare(&actions)
    let words: [String] = ["/bin/sh", "-c", script]
    let argv = words.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
    }
    var pid = pid_t()
    try #require(posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return ForegroundProcess.exitStatus(status)
  }

  @Test(
    "a file opened without O_CLOEXEC does not reach the child; standard error does",
    arguments: ["close from 3", "close each open one"])
  func notInherited(way: String) throws {
    let folder = try TemporaryDirectory(prefix: "inherited-descriptors")
    let descriptor = open(folder.appending("being-written").path, O_WRONLY | O_CREAT, 0o600)
    try #require(descriptor > 2)
    defer { close(descriptor) }
    let script =
      "[ -e /proc/$$/fd/2 ] || exit 2; [ -e /proc/$$/fd/\(descriptor) ] && exit 1; exit 0"
    // Without either action the child has the file: the check can fail.
    #expect(try spawnShell(script) { _ in } == 1)
    let status = try spawnShell(script) { actions in
      if way == "close from 3" {
        InheritedDescriptors.closeAboveStandardError(&actions)
      } else {
        InheritedDescriptors.closeEachOpen(&actions)
      }
    }
    #expect(status == 0)
  }
}
