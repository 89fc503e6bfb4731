import Core
import CoreTesting
import Foundation
import Testing

/// Credentials from a netrc file (mode checked) or a password command; never printed.
@Suite("Sync credentials")
struct SyncCredentialsTests {
  static let url = URL(string: "https://caldav.example.com/dav/") ?? URL(fileURLWithPath: "/")

  func netrc(_ text: String, mode: Int) throws -> (TemporaryDirectory, String) {
    let folder = try TemporaryDirectory()
    let path = folder.appending(".netrc").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    return (folder, path)
  }

  @Test("a netrc file others can read is refused, naming its mode")
  func netrcMode() throws {
    let (folder, path) = try netrc("machine caldav.example.com login a password p\n", mode: 0o644)
    defer { folder.remove() }
    let error = #expect(throws: SyncCredentialError.self) {
      _ = try SyncCredentialSource.netrc(path: path).credentials(for: Self.url)
    }
    #expect(error == .netrcPermissions(path: path, mode: "0644"))
    #expect(error?.description.contains("0644") == true)
    #expect(error?.description.contains("chmod 600") == true)
  }

  @Test("netrc: the host's machine entry, else default; comments and macdef skipped")
  func netrcEntries() throws {
    let text = """
      # mine
      machine other.example login x password y
      machine CalDAV.example.com
        login alice
        password "s3cret"x
      default login anon password none
      """
    let (folder, path) = try netrc(text, mode: 0o600)
    defer { folder.remove() }
    let found = try SyncCredentialSource.netrc(path: path).credentials(for: Self.url)
    #expect(found == SyncCredentials(user: "alice", password: "\"s3cret\"x"))
    let fallback = try SyncCredentialSource.netrc(path: path)
      .credentials(for: URL(string: "https://third.example/")!)
    #expect(fallback?.user == "anon")
    #expect(
      try SyncCredentialSource.netrc(path: folder.appending("none").path).credentials(for: Self.url)
        == nil)
  }

  @Test("a password command: its first line is the password")
  func passwordCommand() throws {
    let source = SyncCredentialSource.passwordCommand(
      user: "alice", command: ["/bin/sh", "-c", "printf 'pa ss\\nsecond\\n'"])
    #expect(
      try source.credentials(for: Self.url) == SyncCredentials(user: "alice", password: "pa ss"))
  }

  @Test("a failing password command says how it failed, never what it printed")
  func failingCommand() throws {
    let source = SyncCredentialSource.passwordCommand(
      user: "alice", command: ["/bin/sh", "-c", "echo leaked; exit 3"])
    let error = #expect(throws: SyncCredentialError.self) {
      _ = try source.credentials(for: Self.url)
    }
    #expect(error == .passwordCommandFailed(program: "/bin/sh", reason: "exited with status 3"))
    #expect(error?.description.contains("leaked") == false)
  }

  @Test("credentials never show their password")
  func redacted() {
    let credentials = SyncCredentials(user: "alice", password: "s3cret")
    #expect("\(credentials)" == "alice (password hidden)")
    #expect(!String(reflecting: credentials).contains("s3cret"))
  }
}
