import Core
import Foundation

@testable import BlueprintTodoModel

extension TodoDocument {
  /// Stored bytes decoded as the store decodes them.
  static func decode(_ data: Data, location: String) throws(PersistenceError) -> TodoDocument {
    try migrations.decode(data, forKey: storeKey, location: location)
  }

  /// The bytes the store writes for this document.
  func encoded() throws -> Data {
    let store = InMemoryKeyValueStore()
    try store.set(self, forKey: Self.storeKey, migrations: Self.migrations)
    guard let data = try store.data(forKey: Self.storeKey) else {
      throw CocoaError(.fileNoSuchFile)
    }
    return data
  }
}
