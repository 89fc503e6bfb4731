import CoreTesting
import Foundation
import Testing

@Suite("BuiltProduct")
struct BuiltProductTests {
  @Test("runs a built helper and captures its exit status and output")
  func runsStoreStress() throws {
    let product = try BuiltProduct("BlueprintStoreStress")
    let result = try product.run(["--no-such-flag"], environment: [:])
    #expect(!result.wasSignalled)
    #expect(result.status == 64)
    #expect(!result.error.isEmpty)
  }

  @Test("runToExit awaits the same result; exit() after the end returns at once")
  func awaited() async throws {
    let product = try BuiltProduct("BlueprintStoreStress")
    let result = try await product.runToExit(["--no-such-flag"], environment: [:])
    #expect(!result.wasSignalled)
    #expect(result.status == 64)
    #expect(!result.error.isEmpty)
    // Awaited after the process ended (whether or not its end handler has run yet):
    // the end is not missed, and nothing waits forever.
    let running = try product.start(["--no-such-flag"], environment: [:])
    let waited = try running.wait()
    let awaited = try await running.exit()
    #expect(awaited.status == waited.status)
    #expect(awaited.standardError == waited.standardError)
  }

  @Test("a missing product is a clear error")
  func missing() {
    #expect(throws: BuiltProduct.Missing.self) { try BuiltProduct("no-such-product") }
  }
}
