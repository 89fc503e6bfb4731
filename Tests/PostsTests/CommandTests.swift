import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintPostsFeatures

/// The built app, run as a user runs it, against a loopback server.
@Suite("posts on the command line", .timeLimit(.minutes(10)))
struct CommandTests {
  let name = appIdentity.name

  @Test("the command line is well formed: no name used twice, none empty")
  func wellFormed() { expectWellFormed(PostsCommands.all.spec) }

  @Test("list (or no arguments, with no terminal) prints each post's number and title; --json")
  func list() async throws {
    let posts = try PostsServer()
    let result = try await posts.run(["list"])
    #expect(result.status == 0)
    #expect(result.output == "1  Hello from loopback\n2  A second post\n")
    #expect(result.error.isEmpty)
    #expect(posts.server.requests.map(\.path) == ["/posts"])
    #expect(try posts.store.value(SavedPosts.self, forKey: "posts")?.posts == PostsServer.posts)
    #expect(try await posts.run([]).output == result.output)
    let json = try await posts.run(["list", "--json"]).standardOutput  // the server's own fields
    #expect(try JSONDecoder().decode([Post].self, from: json) == PostsServer.posts)
  }

  @Test("show ID prints the title, a blank line and the text, from /posts/ID")
  func show() async throws {
    let posts = try PostsServer()
    let result = try await posts.run(["show", "1"])
    #expect(result.status == 0)
    #expect(result.output == "Hello from loopback\n\nFirst line.\nSecond line.\n")
    #expect(posts.server.requests.map(\.path) == ["/posts/1"])
    let json = try await posts.run(["show", "2", "--json"])
    #expect(try JSONDecoder().decode(Post.self, from: json.standardOutput) == PostsServer.posts[1])
  }

  @Test("show of a number the server does not have: exit 64, and what to run instead")
  func showMissing() async throws {
    let result = try await PostsServer().run(["show", "9"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == "\(name): error: there is no post 9\nhint: run '\(name) list' for the numbers\n")
  }

  @Test("offline, list and show read the saved copy and say from when; exit 0")
  func offline() async throws {
    let posts = try PostsServer()
    _ = try await posts.run(["list"])
    let savedAt = try #require(try posts.store.value(SavedPosts.self, forKey: "posts")).savedAt
    posts.server.stop()
    let list = try await posts.run(["list"])
    #expect(list.status == 0)
    #expect(list.output == "1  Hello from loopback\n2  A second post\n")
    #expect(list.error.hasPrefix("\(name): warning: "))
    #expect(
      list.error.hasSuffix("hint: showing the saved copy from \(savedAt.formatted(.iso8601))\n"))
    let show = try await posts.run(["show", "2"])
    #expect(show.status == 0)
    #expect(show.output == "A second post\n\nShort.\n")
  }

  @Test("offline with nothing saved: exit 69, an error, nothing on standard output")
  func offlineWithoutCopy() async throws {
    let posts = try PostsServer()
    posts.server.stop()
    let result = try await posts.run(["list"])
    #expect(result.status == 69)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("\(name): error: "))
  }

  @Test(
    "offline with a damaged saved copy: the network's error, and the copy set aside in one line")
  func offlineWithDamagedCopy() async throws {
    let posts = try PostsServer()
    _ = try await posts.run(["list"])
    let file = try posts.store.fileURL(forKey: "posts")
    try Data("{\"posts\": [".utf8).write(to: file)
    posts.server.stop()
    let setAside = "the saved copy was damaged; it is set aside as \(file.path).damaged"
    for (command, warned) in [(["list"], [setAside]), (["show", "2"], [])] {  // said once
      let result = try await posts.run(command)
      #expect(result.status == 69, "\(command): \(result.error)")
      #expect(result.output.isEmpty)
      let lines = result.error.split(separator: "\n").map(String.init)
      let errors = lines.filter { $0.hasPrefix("\(name): error: ") }
      #expect(errors.count == 1 && errors[0].contains("127.0.0.1"), "\(result.error)")
      #expect(!result.error.contains("corrupt") && !result.error.contains("editor"))
      let warnings = lines.filter { $0.hasPrefix("\(name): warning: ") }
      #expect(warnings == warned.map { "\(name): warning: \($0)" }, "\(result.error)")
    }
    #expect(FileManager.default.fileExists(atPath: file.path + ".damaged"))
  }

  @Test(
    "a server that is not an http(s) URL: exit 64, nothing fetched", arguments: ["ftp://x", "x"])
  func badServer(server: String) async throws {
    let posts = try PostsServer()
    let result = try await posts.run(["list", "--server", server])
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(
        "\(name): error: invalid value '\(server)' for '--server': expected an http(s) URL\n"))
    #expect(posts.server.requests.isEmpty)
  }
}
