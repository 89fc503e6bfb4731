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

/// Where URLSession is part of Foundation. On Linux it is FoundationNetworking, which a
/// sample does not link: libcurl and ~30 libraries would load at every start.
let applePlatforms = TargetDependencyCondition.when(
  platforms: [Platform.macOS, .iOS, .tvOS, .watchOS, .visionOS])

// Target names are distinctive (`Core…`, `Blueprint…`) so that a package depending on
// Blueprint can name its own targets `todo`, `TestSupport` or `FeedKit`; the
// executable products keep the short names, so `swift run todo` works.
let package = Package(
  name: "Blueprint",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    // The headless kit: networking, navigation, interactors, theming, persistence, and
    // sync. An umbrella: `import Core` re-exports the three products below, so code
    // written against it needs nothing else.
    .library(name: "Core", targets: ["Core"]),
    // The kit without FoundationNetworking and FoundationXML: navigation, interactors,
    // theming, persistence, JSON, and networking's types with `CurlHTTPClient` (libcurl
    // loaded at run time). On Linux a program on it alone starts without libcurl's ~30
    // libraries.
    .library(name: "CoreBase", targets: ["CoreBase"]),
    // `URLSessionHTTPClient`: FoundationNetworking (on Linux, libcurl at every start).
    .library(name: "CoreURLSession", targets: ["CoreURLSession"]),
    // Two-way sync: the engine, CalDAV, iCalendar. CalDAV's XML is read by a reader of
    // its own, so a program that syncs does not map libxml2 (FoundationXML) at start.
    .library(name: "CoreSync", targets: ["CoreSync"]),
    // `SyncCredentialError`'s and `DAVError`'s wording for the command-line runner.
    .library(name: "CoreSyncCommandLine", targets: ["CoreSyncCommandLine"]),
    // The terminal shell (Linux and macOS): device, input, rendering, screens, CLI runner.
    .library(name: "CoreTerminal", targets: ["CoreTerminal"]),
    // The SwiftUI shell (Apple platforms): RouterView, .theme, Color(token:), .bind.
    // Every file is under `#if canImport(SwiftUI)`, so on Linux the module is empty.
    .library(name: "CoreSwiftUI", targets: ["CoreSwiftUI"]),
    // What users need to test an app built on Blueprint: clock, loopback server, goldens.
    .library(name: "CoreTesting", targets: ["CoreTesting"]),
    .executable(name: "todo", targets: ["BlueprintTodo"]),
    // The todo sample's SwiftUI app: `swift run todo-app` on a Mac; on Linux it says it
    // needs an Apple platform and exits 69.
    .executable(name: "todo-app", targets: ["BlueprintTodoApp"]),
    .executable(name: "settings", targets: ["BlueprintSettings"]),
    .executable(name: "feed", targets: ["BlueprintFeed"]),
    .executable(name: "benchmarks", targets: ["BlueprintBenchmarks"]),
    // The first sample to read: a list of posts from a JSON API (Apps/Posts).
    .executable(name: "posts", targets: ["BlueprintPosts"]),
    .executable(name: "posts-app", targets: ["BlueprintPostsApp"]),
  ],
  targets: [
    // MARK: Library targets

    // `Core` only re-exports the three modules after it (Core/Core/Core.swift).
    .target(
      name: "Core", dependencies: ["CoreBase", "CoreURLSession", "CoreSync"],
      path: "Core/Core"),
    // The headless kit on Foundation alone; the shells, the sync parts and
    // URLSessionHTTPClient are modules of their own, each in its folder of Core/.
    .target(
      name: "CoreBase", dependencies: ["CoreCurlShim"], path: "Core/CoreBase"),
    // URLSessionHTTPClient and what only it uses: the networking that imports
    // FoundationNetworking on Linux.
    .target(
      name: "CoreURLSession", dependencies: ["CoreBase"], path: "Core/CoreURLSession"),
    .target(
      name: "CoreSync", dependencies: ["CoreBase"], path: "Core/CoreSync"),
    .target(
      name: "CoreSyncCommandLine", dependencies: ["CoreSync", "CoreTerminal"],
      path: "Core/CoreSyncCommandLine"),
    // The system's libcurl, loaded at run time on Linux, for `CurlHTTPClient`.
    .target(
      name: "CoreCurlShim", path: "Core/CoreCurlShim",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(name: "CoreTerminal", dependencies: ["CoreBase"], path: "Core/CoreTerminal"),
    .target(name: "CoreSwiftUI", dependencies: ["Core"], path: "Core/CoreSwiftUI"),
    .target(
      name: "CoreTesting", dependencies: ["Core", "CoreTerminal"], path: "Tests/CoreTesting"),

    // MARK: Sample apps

    // What only the three samples share: their settings file (`settings.json` in the
    // `blueprint` family's config folder), read on Core alone so that a model or a
    // SwiftUI app can use it; and, for the command line, its reading with warnings and
    // the hints that name the `settings` editor. The kit knows nothing of it.
    .target(
      name: "BlueprintSamplesShared", dependencies: ["CoreBase"],
      path: "Apps/Shared/BlueprintSamplesShared"),
    .target(
      name: "BlueprintSamplesSharedCommandLine",
      dependencies: ["CoreBase", "CoreTerminal", "BlueprintSamplesShared"],
      path: "Apps/Shared/BlueprintSamplesSharedCommandLine"),

    // The todo model is a library so the benchmarks can drive it.
    // The todo targets are what a copy of the sample declares under its own names
    // (Docs/StartFromSample.md, checked by .ci/consumer-check), with Swift 6's defaults:
    // so their files spell each import's level (`internal import`, `package import`),
    // since without InternalImportsByDefault a plain import is public and clashes with a
    // `package import` of the same module in another file.
    .target(
      name: "BlueprintTodoModel", dependencies: ["CoreBase"], path: "Apps/Todo/BlueprintTodoModel"),
    // The todo app itself — commands, screens (view model, interactor, terminal view),
    // store — is a library, so that both of its entry points drive the same interactors.
    // Its parts Interop/ and Sync/ and the model's OldStores/ are folders a copy can
    // delete (Docs/StartFromSample.md); CoreSync, CoreSyncCommandLine and CoreURLSession
    // are Sync/'s alone.
    .target(
      name: "BlueprintTodoFeatures",
      dependencies: [
        "CoreBase", "CoreTerminal", "BlueprintTodoModel", "BlueprintSamplesShared",
        "BlueprintSamplesSharedCommandLine",
        "CoreSync", "CoreSyncCommandLine",
        .target(name: "CoreURLSession", condition: applePlatforms),
      ],
      path: "Apps/Todo/BlueprintTodoFeatures"
    ),
    // `todo`: the command line and the terminal UI.
    .executableTarget(
      name: "BlueprintTodo",
      dependencies: ["CoreBase", "CoreTerminal", "BlueprintTodoFeatures"],
      path: "Apps/Todo/BlueprintTodo"
    ),
    // `todo-app`: the same screens in SwiftUI (Apple platforms).
    .executableTarget(
      name: "BlueprintTodoApp",
      dependencies: [
        "Core", "CoreSwiftUI", "BlueprintTodoModel", "BlueprintTodoFeatures",
        "BlueprintSamplesShared",
      ],
      path: "Apps/Todo/BlueprintTodoApp"
    ),
    // The settings registry, the settings file and their errors: no shell, so the
    // command line and the interactive editor word its errors each in their own way.
    .target(
      name: "BlueprintSettingsModel", dependencies: ["CoreBase", "BlueprintSamplesShared"],
      path: "Apps/Settings/BlueprintSettingsModel"),
    // The settings editor itself — commands, screens — as a library, as todo's is.
    .target(
      name: "BlueprintSettingsFeatures",
      dependencies: [
        "CoreBase", "CoreTerminal", "BlueprintSamplesShared", "BlueprintSettingsModel",
      ],
      path: "Apps/Settings/BlueprintSettingsFeatures"
    ),
    // `settings`: the command line and the interactive editor.
    .executableTarget(
      name: "BlueprintSettings",
      dependencies: ["CoreBase", "CoreTerminal", "BlueprintSettingsFeatures"],
      path: "Apps/Settings/BlueprintSettings"
    ),
    // The feed formats — RSS, Atom, RDF, JSON Feed and OPML read, encodings, HTML to
    // text, dates — behind `FeedParser`, `HTMLText` and `OPML`: the machinery a copy of
    // feed carries as one folder it need not read.
    .target(
      name: "BlueprintFeedFormats", dependencies: ["CoreBase"],
      path: "Apps/Feed/BlueprintFeedFormats"),
    // The feed reader's model — store, fetch engine — with no shell: a library so the
    // benchmarks can drive it.
    .target(
      name: "BlueprintFeedModel",
      dependencies: [
        "CoreBase", "BlueprintFeedFormats",
        .target(name: "CoreURLSession", condition: applePlatforms),
      ],
      path: "Apps/Feed/BlueprintFeedModel"),
    // The feed reader itself — commands, screens, and its Google Reader sync (Sync/) —
    // as a library, as todo's is.
    .target(
      name: "BlueprintFeedFeatures",
      dependencies: [
        "CoreBase", "CoreSync", "CoreSyncCommandLine", "CoreTerminal", "BlueprintFeedFormats",
        "BlueprintFeedModel",
        "BlueprintSamplesShared", "BlueprintSamplesSharedCommandLine",
      ],
      path: "Apps/Feed/BlueprintFeedFeatures"
    ),
    // `feed`: the command line and the interactive reader.
    .executableTarget(
      name: "BlueprintFeed",
      dependencies: ["CoreBase", "CoreTerminal", "BlueprintFeedFeatures"],
      path: "Apps/Feed/BlueprintFeed"
    ),
    // The posts sample, the first rung of the ladder (Docs/StartFromSample.md): its
    // features (repository, interactors, screens, commands), `posts`, `posts-app`
    // (SwiftUI; on Linux it says it needs an Apple platform and exits 69), its tests.
    .target(
      name: "BlueprintPostsFeatures",
      dependencies: [
        "CoreBase", "CoreTerminal", .target(name: "CoreURLSession", condition: applePlatforms),
      ],
      path: "Apps/Posts/BlueprintPostsFeatures"
    ),
    .executableTarget(
      name: "BlueprintPosts",
      dependencies: ["CoreTerminal", "BlueprintPostsFeatures"],
      path: "Apps/Posts/BlueprintPosts"
    ),
    .executableTarget(
      name: "BlueprintPostsApp",
      dependencies: ["Core", "CoreSwiftUI", "BlueprintPostsFeatures"],
      path: "Apps/Posts/BlueprintPostsApp"
    ),
    .testTarget(
      name: "PostsTests",
      dependencies: [
        "BlueprintPosts", "BlueprintPostsApp", "BlueprintPostsFeatures", "Core", "CoreTerminal",
        "CoreTesting",
      ],
      path: "Tests/PostsTests"
    ),

    // MARK: Tests

    .testTarget(
      name: "CoreTests",
      dependencies: ["Core", "CoreTesting", "BlueprintStoreStress"],
      path: "Tests/CoreTests"
    ),
    // The code of the SwiftUIBlueprint and CleanKit READMEs, as written, run against
    // Blueprint (the SwiftUI parts only where SwiftUI exists).
    .testTarget(
      name: "CoreSeedExamplesTests",
      dependencies: ["Core", "CoreTerminal", "CoreSwiftUI", "CoreTesting"],
      path: "Tests/CoreSeedExamplesTests"
    ),
    .testTarget(
      name: "CoreTerminalTests",
      dependencies: ["Core", "CoreTerminal", "CoreTesting", "BlueprintPtyProbe"],
      path: "Tests/CoreTerminalTests",
      exclude: ["Goldens"]
    ),
    // Each app's tests depend on the executable they run (and on no other app's).
    .testTarget(
      name: "TodoTests",
      dependencies: [
        "BlueprintTodo", "BlueprintTodoApp", "BlueprintTodoFeatures", "BlueprintTodoModel",
        "BlueprintSamplesShared", "Core", "CoreTerminal", "CoreTesting",
      ],
      path: "Tests/TodoTests",
      exclude: ["Goldens"]
    ),
    .testTarget(
      name: "SettingsTests",
      dependencies: [
        "BlueprintSettings", "BlueprintSettingsFeatures", "BlueprintSettingsModel",
        "BlueprintSamplesShared", "Core",
        "CoreTerminal", "CoreTesting",
      ],
      path: "Tests/SettingsTests",
      exclude: ["Goldens"]
    ),
    // The samples' shared settings, read by the built todo and feed after the built
    // settings wrote them: it runs all three.
    .testTarget(
      name: "BlueprintSamplesSharedTests",
      dependencies: [
        "BlueprintSamplesShared", "BlueprintSamplesSharedCommandLine", "BlueprintTodo",
        "BlueprintFeed", "BlueprintSettings", "BlueprintPosts", "Core", "CoreTerminal",
        "CoreTesting",
      ],
      path: "Tests/BlueprintSamplesSharedTests"
    ),
    .testTarget(
      name: "FeedTests",
      dependencies: [
        "BlueprintFeedFormats", "BlueprintFeedModel", "BlueprintFeedFeatures", "BlueprintFeed",
        "BlueprintSamplesShared",
        "Core", "CoreTerminal", "CoreTesting",
      ],
      path: "Tests/FeedTests",
      exclude: ["Fixtures", "Goldens"]
    ),
    // Drives FileKeyValueStore from separate processes in the persistence tests.
    .executableTarget(
      name: "BlueprintStoreStress", dependencies: ["Core"], path: "Tests/BlueprintStoreStress"),
    // Runs on a real pseudo-terminal in the terminal tests.
    .executableTarget(
      name: "BlueprintPtyProbe",
      dependencies: ["Core", "CoreTerminal"],
      path: "Tests/BlueprintPtyProbe"
    ),
    // `swift run -c release benchmarks [filter]`
    .executableTarget(
      name: "BlueprintBenchmarks",
      dependencies: [
        "Core", "CoreTerminal", "BlueprintFeedFormats", "BlueprintFeedModel", "BlueprintTodoModel",
        "BlueprintSamplesShared", "CoreTesting",
      ],
      path: "Tests/BlueprintBenchmarks"
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The README examples are compiled as a user's package compiles them: without these.
for target in package.targets where target.name != "CoreSeedExamplesTests" {
  target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}
