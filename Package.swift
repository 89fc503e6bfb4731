// swift-tools-version: 6.0
import PackageDescription

/// Upcoming language features every target gets.
///
/// - `ExistentialAny`: existential types are spelled `any P`.
/// - `MemberImportVisibility`: a file sees members only of modules it imports.
/// - `InternalImportsByDefault`: imports are internal unless written `public import`.
///
/// `NonisolatedNonsendingByDefault` is left off on purpose: the feed parser and the
/// file store do CPU and disk work in nonisolated async functions that must not run
/// on the caller's (main) actor.
let upcomingFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "Blueprint",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Core", targets: ["Core"]),
    .executable(name: "feed", targets: ["feed"]),
    .executable(name: "settings", targets: ["settings"]),
    .executable(name: "todo", targets: ["todo"]),
  ],
  targets: [
    .target(name: "Core", path: "Core"),
    .target(name: "TestSupport", dependencies: ["Core"], path: "Tests/TestSupport"),
    .testTarget(
      name: "CoreTests",
      dependencies: ["Core", "TestSupport", "store-stress", "pty-probe"],
      path: "Tests/CoreTests",
      exclude: ["Goldens"]
    ),
    // Drives FileKeyValueStore from separate processes in the persistence tests.
    .executableTarget(name: "store-stress", dependencies: ["Core"], path: "Tests/StoreStress"),
    // Runs on a real pseudo-terminal in the terminal tests.
    .executableTarget(name: "pty-probe", dependencies: ["Core"], path: "Tests/PtyProbe"),
    .executableTarget(name: "settings", dependencies: ["Core"], path: "Apps/Settings"),
    .testTarget(
      name: "SettingsTests",
      dependencies: ["settings", "todo", "Core", "TestSupport"],
      path: "Tests/SettingsTests",
      exclude: ["Goldens"]
    ),
    .executableTarget(name: "todo", dependencies: ["Core"], path: "Apps/Todo"),
    .testTarget(
      name: "TodoTests",
      dependencies: ["todo", "Core", "TestSupport"],
      path: "Tests/TodoTests",
      exclude: ["Goldens"]
    ),
    // A small interactive demo of the terminal shell: `swift run terminal-demo`.
    .executableTarget(name: "terminal-demo", dependencies: ["Core"], path: "Tests/TerminalDemo"),
    .target(name: "FeedFormats", path: "Apps/Feed/Formats"),
    // The feed reader's fetching and storage, a library so the benchmarks can drive it.
    .target(name: "FeedKit", dependencies: ["Core", "FeedFormats"], path: "Apps/Feed/Kit"),
    .executableTarget(
      name: "feed",
      dependencies: ["Core", "FeedFormats", "FeedKit"],
      path: "Apps/Feed",
      exclude: ["Formats", "Kit"]
    ),
    .testTarget(
      name: "FeedTests",
      dependencies: ["FeedFormats", "FeedKit", "feed", "Core", "TestSupport"],
      path: "Tests/FeedTests",
      exclude: ["Fixtures", "Goldens"]
    ),
    .executableTarget(
      name: "benchmarks",
      dependencies: ["Core", "FeedFormats", "FeedKit", "TestSupport"],
      path: "Tests/Benchmarks"
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}
