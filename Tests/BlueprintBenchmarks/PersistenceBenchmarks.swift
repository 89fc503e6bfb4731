import Core
import CoreTesting
import Foundation

/// Rows for Core/CoreBase/Persistence: durable file writes against Foundation's atomic write.
enum PersistenceBenchmarks {
  struct Item: Codable, Sendable {
    var id: Int
    var title: String
    var done: Bool
    var tags: [String]
  }

  static let suite = BenchmarkSuite(name: "persistence") {
    let folder = try TemporaryDirectory(prefix: "persistence-bench")
    let store = FileKeyValueStore(directory: folder.appending("store"))
    let plain = folder.appending("plain")
    try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)

    // 1,024 bytes once JSON-encoded (1,022 characters and two quotes).
    let kilobyte = String(repeating: "0123456789abcdef", count: 63) + "0123456789abcd"
    let items = (0..<10_000).map {
      Item(id: $0, title: "item \($0)", done: $0 % 3 == 0, tags: ["a", "b"])
    }
    let smallURL = plain.appendingPathComponent("value.json")
    let largeURL = plain.appendingPathComponent("items.json")

    return [
      BenchmarkRow(
        "persistence/durable-set-get-1KiB", iterations: 200, goal: 2.0,
        ours: {
          try store.set(kilobyte, forKey: "value")
          _ = try store.value(String.self, forKey: "value")
          _ = folder
        },
        baselineName: "JSONEncoder + Data.write(.atomic) + read",
        baseline: {
          try JSONEncoder().encode(kilobyte).write(to: smallURL, options: .atomic)
          _ = try JSONDecoder().decode(String.self, from: Data(contentsOf: smallURL))
        }),
      BenchmarkRow(
        "persistence/codable-10k-write-read", iterations: 5, goal: 1.25,
        ours: {
          try store.set(items, forKey: "items")
          _ = try store.value([Item].self, forKey: "items")
        },
        baselineName: "JSONEncoder + Data.write(.atomic) + read",
        baseline: {
          try JSONEncoder().encode(items).write(to: largeURL, options: .atomic)
          _ = try JSONDecoder().decode([Item].self, from: Data(contentsOf: largeURL))
        }),
    ]
  }
}
