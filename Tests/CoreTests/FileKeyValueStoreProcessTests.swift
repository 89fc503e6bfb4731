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

  /// The helper, configured to run with `arguments` (not started).
  static func helperProcess(
    _ arguments: [String], output: Pipe? = nil, errors: Pipe = Pipe(),
    environment: [String: String]? = nil
  ) throws -> Process {
    let process = Process()
    if let environment { process.environment = environment }
    process.executableURL = try helper()
    process.arguments = arguments
    process.standardOutput = output ?? Pipe()
    process.standardError = errors
    return process
  }

  /// The helper, started.
  static func launch(_ arguments: [String], output: Pipe? = nil) throws -> Process {
    let process = try helperProcess(arguments, output: output)
    try process.run()
    return process
  }

  @Test(
    "8 processes × 100 updates end at exactly 800", .tags(.heavy),
    .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason), .timeLimit(.minutes(20)))
  func concurrentProcesses() async throws {
    let folder = try TemporaryDirectory(prefix: "store-processes")
    let processes = try (0..<8).map { _ in
      try Self.helperProcess(["increment", folder.path, "counter", "100"])
    }
    #expect(try await Process.runAllToExit(processes) == Array(repeating: 0, count: 8))
    let store = FileKeyValueStore(directory: folder.url)
    #expect(try store.value(Int.self, forKey: "counter") == 800)
  }

  @Test(
    "100 processes × 10 updates all succeed with the default lock timeout",
    .tags(.heavy), .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason),
    .timeLimit(.minutes(20)))
  func hundredWriters() async throws {
    // The lock used to be polled: newcomers took it between a waiter's pauses, and
    // about one update in a thousand gave up with 75 while others went through.
    let folder = try TemporaryDirectory(prefix: "store-hundred")
    let processes = try (0..<100).map { _ in
      try Self.helperProcess(["increment", folder.path, "counter", "10"])
    }
    #expect(try await Process.runAllToExit(processes) == Array(repeating: 0, count: 100))
    #expect(try FileKeyValueStore(directory: folder.url).value(Int.self, forKey: "counter") == 1000)
  }

  @Test("A lock another process holds is 75 after the timeout; once released, writers get through")
  func heldByAnotherProcess() async throws {
    let folder = try TemporaryDirectory(prefix: "store-held")
    let holder = Process()
    holder.executableURL = try Self.helper()
    holder.arguments = ["hold", folder.path]
    let input = Pipe()
    let output = Pipe()
    holder.standardInput = input
    holder.standardOutput = output
    try holder.run()
    let line = output.fileHandleForReading.availableData
    try #require(String(decoding: line, as: UTF8.self) == "locked\n")

    let errors = Pipe()
    let impatient = try Self.helperProcess(
      ["increment", folder.path, "counter", "1", "1"], errors: errors)
    #expect(try await impatient.runToExit() == 75)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(message.contains("could not lock \(folder.url.standardizedFileURL.path) within"))

    // A patient writer blocks until the holder lets go, then succeeds.
    let patient = try Self.helperProcess(["increment", folder.path, "counter", "1", "60"])
    async let patientStatus = patient.runToExit()
    try input.fileHandleForWriting.close()
    #expect(try await patientStatus == 0)
    holder.waitUntilExit()
    #expect(holder.terminationStatus == 0)
    #expect(try FileKeyValueStore(directory: folder.url).value(Int.self, forKey: "counter") == 1)
  }

  @Test(
    "Writers queue in a hidden file in the store's folder whatever their environment, and leave none; with the queue unusable they still take turns"
  )
  func writersQueue() async throws {
    let folder = try TemporaryDirectory(prefix: "store-queue")
    let runtime = folder.appending("run")
    let queued = folder.appending("queued")
    // A folder where the queue file would be: the queue cannot be used.
    let unqueued = folder.appending("unqueued")
    let blocker = unqueued.appendingPathComponent(".writers-queue")
    for made in [runtime, blocker] {
      try FileManager.default.createDirectory(
        at: made, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    for store in [queued, unqueued] {
      // Half the writers have a runtime folder, half none: the queue does not care.
      let writers = try (0..<4).map { index in
        try Self.helperProcess(
          ["increment", store.path, "counter", "25"],
          environment: folder.isolatedEnvironment(
            index.isMultiple(of: 2) ? ["XDG_RUNTIME_DIR": runtime.path] : [:]))
      }
      let name = store.lastPathComponent
      #expect(try await Process.runAllToExit(writers) == [0, 0, 0, 0], "\(name)")
      let counter = try FileKeyValueStore(directory: store).value(Int.self, forKey: "counter")
      #expect(counter == 100, "\(name)")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: queued.path).sorted()
    #expect(left == ["counter.json", "counter.json.last-good"])
    // Nothing anywhere else: no runtime, state or other folder of the kit's.
    #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path) == [])
    let top = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(top == ["queued", "run", "unqueued"])
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: blocker.path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
  }

  @Test("Under umask 000 the store's folders are 0700 and its files 0600")
  func modesUnderOpenUmask() async throws {
    let folder = try TemporaryDirectory(prefix: "store-umask")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [
      "-c", #"umask 000; exec "$0" increment "$1" counter 2"#, try Self.helper().path,
      folder.appending("a/b/store").path,
    ]
    shell.standardOutput = Pipe()
    #expect(try await shell.runToExit() == 0)
    let entries = try FileModes.below(folder.url)
    #expect(
      entries.map(\.path) == [
        "a", "a/b", "a/b/store", "a/b/store/counter.json", "a/b/store/counter.json.last-good",
      ])
    for entry in entries {
      #expect(entry.mode == (entry.isFolder ? 0o700 : 0o600), "\(entry.path)")
    }
  }

  @Test(
    "A writer killed with SIGKILL never leaves an undecodable file", .tags(.heavy),
    .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason), .timeLimit(.minutes(20)))
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
