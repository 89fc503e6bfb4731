package import BlueprintTodoModel
package import CoreBase
package import Foundation

/// The todo list on disk: one `FileKeyValueStore` key holding a ``TodoDocument``
/// in a `Versioned` envelope, read and written through its `Migrations`.
///
/// Reading takes no lock; every change runs as one transaction, so concurrent
/// processes never lose each other's changes and ids stay unique.
package struct TodoStore: Sendable {
  /// The underlying file store.
  package let files: FileKeyValueStore

  /// The supported size, as todo writes it (pretty-printed); above it the store is
  /// written compactly. What it holds and what the commands take at that size:
  /// Docs/Apps/Todo.md ("Data") and Docs/Benchmarks.md ("todo").
  package static let maximumFileSize = 128 << 20

  /// The largest file todo reads or writes: three times ``maximumFileSize``, so that
  /// every version 1 store up to ``maximumFileSize`` (whose items take more bytes in
  /// the current form) migrates and stays changeable. A change that would pass it is
  /// refused, nothing written.
  package static let readLimit = 3 * maximumFileSize

  /// The clock that stamps a changed item's ``TodoItem/modified``.
  package let now: @Sendable () -> Date

  /// A store in `directory`, usually `context.directories.data(app: "todo")`.
  ///
  /// - Parameters:
  ///   - directory: The folder of the list.
  ///   - now: The clock that stamps changed items (tests pass their own).
  package init(directory: URL, now: @escaping @Sendable () -> Date = { Date() }) {
    files = FileKeyValueStore(
      directory: directory, maximumFileSize: Self.readLimit, compactAbove: Self.maximumFileSize)
    self.now = now
  }

  /// The stored list; an empty one when nothing is stored yet.
  ///
  /// - Returns: The document.
  /// - Throws: `PersistenceError` (a corrupt file is exit 65 and left untouched).
  package func load() throws -> TodoDocument {
    try files.value(forKey: TodoDocument.storeKey, migrations: TodoDocument.migrations)
      ?? TodoDocument()
  }

  /// Reads, changes and writes the list as one transaction.
  ///
  /// Every item `body` changes gets ``TodoItem/modified`` set to ``now``, whatever
  /// the path (a command, a screen, `undo`).
  ///
  /// - Parameters:
  ///   - stampsChanges: Whether to stamp changed items; a sync, which sets the time
  ///     the server's change was made, passes `false`.
  ///   - body: Changes the document; throw to write nothing.
  /// - Returns: What `body` returns.
  /// - Throws: `PersistenceError`, or what `body` throws.
  @discardableResult
  package func change<Result>(
    stampsChanges: Bool = true, _ body: (inout TodoDocument) throws -> Result
  ) throws -> Result {
    try files.update(forKey: TodoDocument.storeKey, migrations: TodoDocument.migrations) {
      stored in
      var document = stored ?? TodoDocument()
      let result = try body(&document)
      if stampsChanges, let before = stored {
        document.stampChanges(since: before.items, now: Int(now().timeIntervalSince1970))
      }
      stored = document
      return result
    }
  }

  /// The file's path, for messages.
  package var location: String { files.location(forKey: TodoDocument.storeKey) }
}
