import CoreTesting
import Foundation
import Testing

/// Every command pays only for what it uses: no sample links FoundationNetworking (which
/// makes the loader map libcurl and about 30 more libraries at every start; the network
/// commands `dlopen` libcurl on their first request), and none but `feed`, whose formats
/// read XML with `XMLParser`, links FoundationXML (todo syncs through CoreSync, whose
/// CalDAV reader is its own). A stray `import Core` (the umbrella) in a sample's file is
/// enough to bring libcurl back.
@Suite(
  "what the built apps load at start",
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"),
    "no /usr/bin/ldd here: the dynamic libraries of the built apps cannot be listed"),
  .timeLimit(.minutes(10)))
struct LoadedLibrariesTests {
  /// The libraries `ldd` lists for the built product `name`.
  func libraries(of name: String) throws -> String {
    let product = try BuiltProduct(name)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    process.arguments = [product.url.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: output, as: UTF8.self)
  }

  @Test(
    "posts, todo, feed and settings do not link FoundationNetworking or libcurl",
    arguments: [
      "posts", "todo", "feed", "settings",
    ])
  func noNetworkingAtStart(name: String) throws {
    let listed = try libraries(of: name)
    #expect(listed.contains("libc.so"), "ldd listed something: \(listed)")
    #expect(!listed.contains("libFoundationNetworking"), "\(listed)")
    #expect(!listed.contains("libcurl"), "\(listed)")
  }

  @Test(
    "todo, settings and posts do not link FoundationXML or libxml2",
    arguments: ["todo", "settings", "posts"])
  func withoutXML(name: String) throws {
    let listed = try libraries(of: name)
    #expect(!listed.contains("libFoundationXML"), "\(listed)")
    #expect(!listed.contains("libxml2"), "\(listed)")
  }
}
