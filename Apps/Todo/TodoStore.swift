package import BlueprintTodoModel
package import Core
package import Foundation

/// The todo list on disk: one `FileKeyValueStore` key holding a ``TodoDocument``.
///
/// Reading takes no lock; every change runs as one `updateData` transaction, so
/// concurrent processes never lose each other's changes and ids stay unique.
package struct TodoStore: Sendable {
  /// The underlying file store.
  package let files: FileKeyValueStore

  /// A store in `directory`, usually `context.directories.data(app: "todo")`.
  package init(directory: URL) {
    files = FileKeyValueStore(directory: directory)
  }

  /// The stored list; an empty one when nothing is stored yet.
  ///
  /// - Returns: The document.
  /// - Throws: `PersistenceError` (a corrupt file is exit 65 and left untouched).
  package func load() throws -> TodoDocument {
    guard let data = try files.data(forKey: TodoDocument.storeKey) else { return TodoDocument() }
    return try TodoDocument.decode(data, location: location)
  }

  /// Reads, changes and writes the list as one transaction.
  ///
  /// - Parameter body: Changes the document; throw to write nothing.
  /// - Returns: What `body` returns.
  /// - Throws: `PersistenceError`, or what `body` throws.
  @discardableResult
  package func change<Result>(_ body: (inout TodoDocument) throws -> Result) throws -> Result {
    try files.updateData(forKey: TodoDocument.storeKey) { data in
      var document =
        try data.map { data throws(PersistenceError) in
          try TodoDocument.decode(data, location: location)
        } ?? TodoDocument()
      let result = try body(&document)
      data = document.encoded()
      return result
    }
  }

  /// The file's path, for messages.
  package var location: String { files.location(forKey: TodoDocument.storeKey) }
}
