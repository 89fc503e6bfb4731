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

  @Test("a missing product is a clear error")
  func missing() {
    #expect(throws: BuiltProduct.Missing.self) { try BuiltProduct("no-such-product") }
  }
}
