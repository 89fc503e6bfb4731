import Core
import CoreTesting
import Foundation

/// The three stores the behavioural suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
  case inMemory
  case userDefaults
  case file

  var description: String { rawValue }
}

/// A fresh, empty store of one kind, cleaned up when released.
///
/// Keep the fixture alive while the store is used (`defer { withExtendedLifetime(fixture) {} }`):
/// a file store would otherwise recreate its deleted folder and leak it.
final class StoreFixture {
  let store: any KeyValueStore
  private let folder: TemporaryDirectory?
  /// The defaults suite, for the UserDefaults kind.
  let suiteName: String?

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
      // An absolute suite name keeps the plist (`<name>.plist`) out of ~/.config.
      let folder = try TemporaryDirectory(prefix: "store-fixture")
      let name = folder.path + "/defaults"
      let store = UserDefaultsStore(suiteName: name)
      guard store.isAvailable else { throw FixtureError.cannotOpenSuite(name) }
      self.store = store
      self.folder = folder
      suiteName = name
    }
  }

  enum FixtureError: Error {
    case cannotOpenSuite(String)
  }
}
