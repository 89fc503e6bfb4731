import Core
public import Foundation

/// An executable this package builds (an app, a test helper), run as a real process.
///
/// Tests find products beside the running test binary (`.build/<triple>/debug/`), so
/// the test target must depend on the executable target for `swift build
/// --build-tests` to build it.
///
/// <!-- doc-test: context
/// let env: [String: String] = [:]
/// func check() throws {
/// // after the block:
/// }
/// -->
/// ```swift
/// let result = try BuiltProduct("todo").run(["list", "--json"], environment: env)
/// #expect(result.status == 0)
/// ```
public struct BuiltProduct: Sendable {
  /// The executable's path.
  public let url: URL

  /// Finds the built product `name`.
  ///
  /// - Parameter name: The executable product's name, e.g. `todo`.
  /// - Throws: ``Missing`` when it has not been built.
  public init(_ name: String) throws {
    let folder = Self.productsFolder
    let url = folder.appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      throw Missing(name: name, folder: folder.path)
    }
    self.url = url
  }

  /// The folder holding the running test binary and the products built with it.
  public static var productsFolder: URL {
    let running =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: running).deletingLastPathComponent()
    // Inside an .xctest bundle on Apple platforms: walk up to the products folder.
    while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents"
      || folder.lastPathComponent == "MacOS"
    {
      folder.deleteLastPathComponent()
    }
    return folder
  }

  /// The product was not found.
  public struct Missing: Error, CustomStringConvertible {
    /// The product's name.
    public var name: String
    /// Where it was looked for.
    public var folder: String
    public var description: String {
      "\(name) not found in \(folder); run `swift build --build-tests` first"
    }
  }

  /// Starts the product.
  ///
  /// - Parameters:
  ///   - arguments: Its arguments.
  ///   - environment: Its whole environment (nothing is inherited).
  ///   - input: What its standard input holds; empty by default.
  /// - Returns: The running process; call ``RunningProduct/wait()``.
  /// - Throws: When the process cannot be started.
  public func start(
    _ arguments: [String], environment: [String: String], input: Data = Data()
  ) throws -> RunningProduct {
    try RunningProduct(url: url, arguments: arguments, environment: environment, input: input)
  }

  /// Runs the product to its end, waiting without holding a thread.
  ///
  /// Prefer this to ``run(_:environment:input:)`` in tests: swift-testing runs on a
  /// pool of as many threads as there are cores, and a test that waits for a process
  /// synchronously holds one of them for as long as the process runs — on a 2-core
  /// machine two such tests stall every other test, `@MainActor` ones included (each
  /// of their hops back to the pool waits behind them).
  ///
  /// <!-- doc-test: context
  /// let env: [String: String] = [:]
  /// -->
  /// ```swift
  /// let result = try await BuiltProduct("todo").runToExit(["list"], environment: env)
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: Its arguments.
  ///   - environment: Its whole environment (nothing is inherited).
  ///   - input: What its standard input holds; empty by default.
  /// - Returns: Exit status and output.
  /// - Throws: When the process cannot be started.
  public func runToExit(
    _ arguments: [String], environment: [String: String], input: Data = Data()
  ) async throws -> ProductResult {
    await Self.slots.acquire()
    defer { Self.slots.release() }
    return try await start(arguments, environment: environment, input: input).exit()
  }

  /// How many products ``runToExit(_:environment:input:)`` runs at once: twice the
  /// cores. A synchronous wait throttled tests to one process per pool thread; without
  /// a bound, every test would start its process at once and, on a small machine, all
  /// of them would crawl together past their time limits.
  static let slots = ProcessSlots(count: 2 * ProcessInfo.processInfo.activeProcessorCount)

  /// Runs the product to its end, holding the calling thread while it runs (see
  /// ``runToExit(_:environment:input:)``, which does not).
  ///
  /// - Parameters:
  ///   - arguments: Its arguments.
  ///   - environment: Its whole environment (nothing is inherited).
  ///   - input: What its standard input holds; empty by default.
  /// - Returns: Exit status and output.
  /// - Throws: When the process cannot be started.
  public func run(
    _ arguments: [String], environment: [String: String], input: Data = Data()
  ) throws -> ProductResult {
    try start(arguments, environment: environment, input: input).wait()
  }
}

/// A product process that was started; its output goes to temporary files, so a
/// large output never blocks it.
public final class RunningProduct: @unchecked Sendable {
  // Safe: the stored properties are set in init and only read afterwards.
  private let process = Process()
  private let folder: TemporaryDirectory
  /// Whether the process has ended, or who waits for it to.
  private let ending = Locked(Ending.running)

  private enum Ending {
    case running
    case awaited(CheckedContinuation<Void, Never>)
    case ended
  }

  init(url: URL, arguments: [String], environment: [String: String], input: Data) throws {
    folder = try TemporaryDirectory(prefix: "product-io")
    let inputURL = folder.appending("stdin")
    try input.write(to: inputURL)
    _ = FileManager.default.createFile(atPath: folder.appending("stdout").path, contents: nil)
    _ = FileManager.default.createFile(atPath: folder.appending("stderr").path, contents: nil)
    process.executableURL = url
    process.arguments = arguments
    process.environment = environment
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: folder.appending("stdout"))
    process.standardError = try FileHandle(forWritingTo: folder.appending("stderr"))
    // Set before the start, so an end that comes at once is not missed.
    process.terminationHandler = { [ending] _ in
      let waiter = ending.withLock { ending -> CheckedContinuation<Void, Never>? in
        defer { ending = .ended }
        if case .awaited(let waiter) = ending { return waiter }
        return nil
      }
      waiter?.resume()
    }
    try process.run()
  }

  /// The process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Waits for the process to end.
  ///
  /// - Returns: Exit status and output.
  /// - Throws: When the output cannot be read.
  public func wait() throws -> ProductResult {
    process.waitUntilExit()
    return try result()
  }

  /// Waits for the process to end without holding a thread.
  ///
  /// - Returns: Exit status and output.
  /// - Throws: When the output cannot be read.
  public func exit() async throws -> ProductResult {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let hasEnded = ending.withLock { ending -> Bool in
        if case .ended = ending { return true }
        ending = .awaited(waiter)
        return false
      }
      if hasEnded { waiter.resume() }
    }
    // The handler runs once the status is known; wait() returns at once now.
    process.waitUntilExit()
    return try result()
  }

  private func result() throws -> ProductResult {
    ProductResult(
      status: process.terminationStatus,
      wasSignalled: process.terminationReason == .uncaughtSignal,
      standardOutput: try Data(contentsOf: folder.appending("stdout")),
      standardError: try Data(contentsOf: folder.appending("stderr")))
  }
}

/// How a product process ended.
public struct ProductResult: Sendable {
  /// The exit status, or the signal number when ``wasSignalled``.
  public var status: Int32
  /// Whether a signal ended the process (a crash, for example).
  public var wasSignalled: Bool
  /// Standard output's bytes.
  public var standardOutput: Data
  /// Standard error's bytes.
  public var standardError: Data

  /// Standard output as text (invalid UTF-8 repaired).
  public var output: String { String(decoding: standardOutput, as: UTF8.self) }
  /// Standard error as text (invalid UTF-8 repaired).
  public var error: String { String(decoding: standardError, as: UTF8.self) }
}

/// A counting semaphore for tasks: ``acquire()`` suspends (holding no thread) until a
/// slot is free; slots are handed out first come, first served.
final class ProcessSlots: Sendable {
  private struct State {
    var free: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }
  private let state: Locked<State>

  init(count: Int) { state = Locked(State(free: max(1, count))) }

  func acquire() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let hasSlot = state.withLock { state -> Bool in
        guard state.free > 0 else {
          state.waiting.append(waiter)
          return false
        }
        state.free -= 1
        return true
      }
      if hasSlot { waiter.resume() }
    }
  }

  func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
