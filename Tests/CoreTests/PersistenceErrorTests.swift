import Core
import Foundation
import Testing

@Suite("PersistenceError")
struct PersistenceErrorTests {
  struct Cause: Error, CustomStringConvertible {
    var description: String { "Permission denied\nsecond line" }
  }

  @Test(
    "Each case has its exit code and a one-line message",
    arguments: [
      (
        PersistenceError.invalidKey(key: "../x", reason: "keys may not contain '..'"), 64,
        "invalid key '../x': keys may not contain '..'"
      ),
      (
        .cannotEncode(key: "n", underlying: Cause()), 64,
        "cannot encode the value for 'n': Permission denied"
      ),
      (
        .unsupportedVersion(key: "todos", path: "/s/todos.json", found: 3, supported: 2), 65,
        "stored value for 'todos' has schema version 3; this build reads up to 2: /s/todos.json"
      ),
      (
        .cannotCreateFolder(path: "/s", underlying: Cause()), 73,
        "cannot create folder /s: Permission denied"
      ),
      (
        .cannotWrite(key: "n", path: "/s/n.json", underlying: Cause()), 74,
        "cannot write 'n' to /s/n.json: Permission denied"
      ),
      (
        .cannotRead(key: "n", path: "/s/n.json", underlying: Cause()), 74,
        "cannot read 'n' from /s/n.json: Permission denied"
      ),
      (
        .lockTimeout(path: "/s", timeout: .seconds(5)), 75,
        "could not lock /s within 5.0 seconds; another process is using the store"
      ),
      (
        .unsafeFolder(
          path: "/s", reason: "other users can write to it (mode 0777)", fix: "chmod 700 /s"),
        73, "refusing to use /s: other users can write to it (mode 0777)"
      ),
    ])
  func codes(error: PersistenceError, code: Int32, message: String) {
    #expect(error.exitCode == code)
    #expect(error.message == message)
    #expect(!error.message.contains("\n"))
    #expect("\(error)" == message)
  }

  @Test("The underlying cause is kept")
  func underlying() {
    let error = PersistenceError.cannotWrite(key: "n", path: "/p", underlying: Cause())
    #expect(error.underlying is Cause)
    #expect(PersistenceError.lockTimeout(path: "/p", timeout: .zero).underlying == nil)
  }

  @Test(
    "Hints: the fix for an unsafe folder, patience for a lock, none for plain I/O errors",
    arguments: [
      (PersistenceError.unsafeFolder(path: "/s", reason: "r", fix: "chmod 700 /s"), "chmod 700 /s"),
      (
        .lockTimeout(path: "/s", timeout: .seconds(1)),
        "try again once the other process has finished"
      ),
      (.cannotWrite(key: "n", path: "/s/n.json", underlying: Cause()), nil),
      (.corrupted(key: "n", path: "/nonexistent/n.json", underlying: Cause()), nil),
    ] as [(PersistenceError, String?)])
  func hints(error: PersistenceError, hint: String?) {
    #expect(error.hint == hint)
  }

  @Test("A Foundation parse error reads as a sentence, not an NSError dump")
  func foundationReason() throws {
    let error = #expect(throws: (any Error).self) {
      _ = try JSONSerialization.jsonObject(with: Data("{oops".utf8))
    }
    let wrapped = PersistenceError.corrupted(
      key: "n", path: "/s/n.json", underlying: try #require(error))
    #expect(!wrapped.message.contains("Domain="))
    #expect(wrapped.message.hasPrefix("stored value for 'n' is corrupt (not valid JSON: "))
  }
}
