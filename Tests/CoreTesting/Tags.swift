import Foundation
public import Testing

extension Tag {
  /// Tests that start many processes or loop over process kills: seconds of CPU
  /// on a shared machine.
  ///
  /// CI runs them. Skip them locally with `BLUEPRINT_SKIP_HEAVY=1 swift test`
  /// (see ``HeavyTests``), or select only them with `swift test --filter` on their
  /// suite names.
  @Tag public static var heavy: Self
}

/// Whether the ``Testing/Tag/heavy`` tests run in this test process.
///
/// ```swift
/// @Test("100 writers × 10 updates", .tags(.heavy), .enabled(if: HeavyTests.areEnabled))
/// ```
public enum HeavyTests {
  /// False when the environment variable `BLUEPRINT_SKIP_HEAVY` is set to
  /// anything but empty or `0`.
  public static var areEnabled: Bool {
    let value = ProcessInfo.processInfo.environment["BLUEPRINT_SKIP_HEAVY"] ?? ""
    return value.isEmpty || value == "0"
  }
}
