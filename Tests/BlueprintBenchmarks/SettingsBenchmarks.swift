import BlueprintSamplesShared
import Core
import CoreTesting
import Foundation

/// Rows for what the settings file costs the apps: reading the shared settings (every
/// app does it at start-up) and one locked, durable change (what `settings set` does).
/// The settings app's own commands are measured whole-process with hyperfine (see
/// Docs/Benchmarks.md), since an executable target cannot be imported here.
enum SettingsBenchmarks {
  static let suite = BenchmarkSuite(name: "settings") {
    let folder = try TemporaryDirectory(prefix: "settings-bench")
    let directories = XDGDirectories(
      environment: ["XDG_CONFIG_HOME": folder.path], family: "blueprint")
    let store = SharedSettings.makeStore(directories)
    var full = SharedSettings(
      displayName: "Ada Lovelace", notifications: false, appearance: .dark, density: .compact)
    for role in Palette.Role.allCases { full.palette[role] = Palette.standard[role] }
    try store.set(full, forKey: SharedSettings.storeKey)
    let fileURL = try store.fileURL(forKey: SharedSettings.storeKey)
    let plainURL = folder.appending("plain.json")
    try Data(contentsOf: fileURL).write(to: plainURL)
    let flip = Locked(false)

    return [
      BenchmarkRow(
        "settings/load-theme", iterations: 2_000, goal: 2.0,
        ours: {
          _ = try SharedSettings.load(from: store).theme
          _ = folder
        },
        baselineName: "Data(contentsOf:) + JSONSerialization",
        baseline: {
          _ = try JSONSerialization.jsonObject(with: Data(contentsOf: plainURL))
        }),
      BenchmarkRow(
        "settings/load-theme-vs-decoder", iterations: 2_000, goal: 1.25,
        ours: { _ = try SharedSettings.load(from: store).theme },
        baselineName: "Data(contentsOf:) + JSONDecoder (SharedSettings)",
        baseline: {
          _ = try JSONDecoder().decode(SharedSettings.self, from: Data(contentsOf: plainURL)).theme
        }),
      BenchmarkRow(
        "settings/update-one-key", iterations: 100, goal: 2.0,
        ours: {
          let dark = flip.withLock {
            $0.toggle()
            return $0
          }
          try store.update(SharedSettings.self, forKey: SharedSettings.storeKey) {
            $0?.appearance = dark ? .dark : .light
          }
        },
        baselineName: "read + JSONDecoder + JSONEncoder + Data.write(.atomic)",
        baseline: {
          var settings = try JSONDecoder().decode(
            SharedSettings.self, from: Data(contentsOf: plainURL))
          settings.appearance = settings.appearance == .dark ? .light : .dark
          try JSONEncoder().encode(settings).write(to: plainURL, options: .atomic)
        }),
    ]
  }
}
