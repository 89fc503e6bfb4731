import Core
import CoreTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// FileKeyValueStore used by several real processes (the `store-stress` helper).
@Suite("FileKeyValueStore across processes", .serialized)
struct FileKeyValueStoreProcessTests {
  /// The built `store-stress` executable, beside the test bundle.
  static func helper() throws -> URL { try BuiltProduct("BlueprintStoreStress").url }

  static func launch(_ arguments: [String], output: Pipe? = nil) throws -> Process {
    let process = Process()
    process.executableURL = try helper()
    process.arguments = arguments
    process.standardOutput = output
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    return process
  }

  @Test("8 processes × 100 updates end at exactly 800", .timeLimit(.minutes(1)))
  func concurrentProcesses() throws {
    let folder = try TemporaryDirectory(prefix: "store-processes")
    let processes = try (0..<8).map { _ in
      try Self.launch(["increment", folder.path, "counter", "100"])
    }
    for process in processes { process.waitUntilExit() }
    #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8))
    let store = FileKeyValueStore(directory: folder.url)
    #expect(try store.value(Int.self, forKey: "counter") == 800)
  }

  @Test("A writer killed with SIGKILL never leaves an undecodable file", .timeLimit(.minutes(1)))
  func killedWriter() throws {
    let folder = try TemporaryDirectory(prefix: "store-kill")
    let store = FileKeyValueStore(directory: folder.url)
    var lastSeen = 0
    for round in 0..<30 {
      let output = Pipe()
      let process = try Self.launch(["churn", folder.path, "values"], output: output)
      // Let it finish a different number of writes each round, then kill it mid-stream.
      let writes = 1 + round % 7
      var lines = 0
      while lines < writes {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        lines += chunk.filter { $0 == 0x0A }.count
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)
      #expect(lines >= writes, "the writer stopped early in round \(round)")
      let values = try #require(try store.value([Int].self, forKey: "values"))
      #expect(values.count % 64 == 0 && values.count >= 64)
      lastSeen = values.count
    }
    #expect(lastSeen > 0)
    #expect(try store.keys() == ["values"])
    // The next writer sweeps the temporary files the killed ones left behind.
    try FileKeyValueStore(directory: folder.url).set([1], forKey: "values")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(Set(names) == ["values.json"])
  }
}
