import Core
import Foundation
import TestSupport

/// The three stores the behavioural suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
  case inMemory
  case userDefaults
  case file

  var description: String { rawValue }
}

/// A fresh, empty store of one kind, cleaned up when released.
final class StoreFixture {
  let store: any KeyValueStore
  private let folder: TemporaryDirectory?
  private let suiteName: String?

  init(_ kind: StoreKind) throws {
    switch kind {
    case .inMemory:
      store = InMemoryKeyValueStore()
      folder = nil
      suiteName = nil
    case .file:
      let folder = try TemporaryDirectory(prefix: "store-fixture")
      store = FileKeyValueStore(directory: folder.url)
      self.folder = folder
      suiteName = nil
    case .userDefaults:
      let name = "dev.blueprint.tests.\(UUID().uuidString)"
      guard let store = UserDefaultsStore(suiteName: name) else {
        throw FixtureError.cannotOpenSuite(name)
      }
      self.store = store
      folder = nil
      suiteName = name
    }
  }

  deinit {
    guard let suiteName else { return }
    UserDefaults.standard.removePersistentDomain(forName: suiteName)
    let plist = XDGDirectories().configHome.appendingPathComponent("\(suiteName).plist")
    try? FileManager.default.removeItem(at: plist)
  }

  enum FixtureError: Error {
    case cannotOpenSuite(String)
  }
}
