import Foundation
import Testing

/// The samples are read and copied as they are: no unsafe pointers and no
/// compiler-tuning attributes in them. Speed a sample needs is the kit's, measured and
/// tested once (PlatformTextConverter holds the pointer work `iconv` needs); elsewhere
/// the simple form stands, and Docs/Benchmarks.md says what it costs.
@Suite("The samples' code is safe Swift, with no compiler tuning")
struct SampleSourceRulesTests {
  /// What a sample's code may not say: unsafe pointers and the attributes that tune the
  /// compiler (`@inline`, `@exclusivity`, underscored ones such as `@_specialize`).
  static let forbidden = [
    "withUnsafe", "UnsafePointer", "UnsafeMutablePointer", "UnsafeRawPointer",
    "UnsafeMutableRawPointer", "UnsafeBufferPointer", "UnsafeMutableBufferPointer",
    "UnsafeRawBufferPointer", "UnsafeMutableRawBufferPointer", "@inline", "@exclusivity",
    "@_",
  ]

  /// The lines of `text` that say one of ``forbidden``, as `line: text`.
  static func offences(in text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
      index, line in
      forbidden.contains { line.contains($0) } ? "\(index + 1): \(line)" : nil
    }
  }

  @Test("no Swift file under Apps/ uses an unsafe pointer or a compiler-tuning attribute")
  func appsAreSafe() throws {
    let apps = DocExamples.root.appendingPathComponent("Apps")
    let files = DocFactsTests.swiftFiles(under: "Apps").sorted()
    #expect(files.count > 100, "the samples were not found under \(apps.path)")
    for file in files {
      let text = try String(contentsOf: apps.appendingPathComponent(file), encoding: .utf8)
      for offence in Self.offences(in: text) {
        Issue.record("Apps/\(file):\(offence)")
      }
    }
  }

  @Test(
    "the rule sees each form it forbids",
    arguments: [
      "bytes.withUnsafeBufferPointer { $0.count }", "let p: UnsafeMutableRawPointer",
      "@inline(__always) func f() {}", "@exclusivity(unchecked) var x = 0",
      "@_specialize(where T == Int)",
    ])
  func ruleSees(line: String) {
    #expect(Self.offences(in: "let a = 1\n" + line) == ["2: " + line])
  }
}
