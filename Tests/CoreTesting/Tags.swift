import Foundation
public import Testing

extension Tag {
  /// Tests that take minutes on a shared two-core machine: many processes, loops over
  /// process kills, a store near its size limit, compiler runs.
  ///
  /// `swift test` leaves them out and prints, for each, that
  /// `BLUEPRINT_HEAVY_TESTS=1` runs it (see ``HeavyTests``); CI (`.ci/run`) sets it
  /// and runs everything. Give a test this tag together with the condition:
  ///
  /// <!-- doc-test: skip an attribute: the test function it marks follows it -->
  /// ```swift
  /// @Test("100 writers × 10 updates", .tags(.heavy),
  ///   .enabled(if: HeavyTests.areEnabled, HeavyTests.skipReason))
  /// ```
  @Tag public static var heavy: Self
}

/// Whether the ``Testing/Tag/heavy`` tests run in this test process: only when asked.
public enum HeavyTests {
  /// The environment variable that asks for the heavy tests.
  public static let variable = "BLUEPRINT_HEAVY_TESTS"

  /// True when `BLUEPRINT_HEAVY_TESTS` is set to anything but empty or `0`.
  public static var areEnabled: Bool {
    let value = ProcessInfo.processInfo.environment[variable] ?? ""
    return !value.isEmpty && value != "0"
  }

  /// What `swift test` prints for a heavy test it skipped: why, and how to run it.
  public static let skipReason: Comment =
    "a heavy test (minutes on two cores): BLUEPRINT_HEAVY_TESTS=1 swift test runs it, as .ci/run does"
}
