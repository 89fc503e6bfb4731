/// The screens of the interactive UI beyond the list.
package enum TodoRoute: Hashable, Codable, Sendable {
  /// One todo's detail screen, where it is edited.
  case detail(id: Int)
  /// The "Delete?" confirmation for one todo.
  case confirmDelete(id: Int)
  /// The priority picker for one todo.
  case priority(id: Int)
}
