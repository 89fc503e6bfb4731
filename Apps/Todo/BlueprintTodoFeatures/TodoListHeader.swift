internal import BlueprintTodoModel
internal import Foundation

/// The text of the list screen's first row: the greeting, the counts, the search and
/// the time of the last sync.
enum TodoListHeader {
  /// The header's text for a model.
  ///
  /// - Parameters:
  ///   - model: The list screen's state.
  ///   - showsSearch: Whether to say the search (not while the search field shows it).
  /// - Returns: The text; the sync time comes last, so a narrow header loses it first.
  @MainActor
  static func text(_ model: TodoListModel, showsSearch: Bool) -> String {
    var header = PlainListing.greeting(model.displayName) + model.counts.summary
    if !model.filter.isEmpty, showsSearch { header += " · search: " + model.filter }
    if let lastSync = model.lastSync {
      header += " · synced " + clockTime(lastSync, offset: model.lastSyncOffset)
    }
    return header
  }

  /// `HH:MM` of `date` in a zone `offset` seconds from UTC.
  static func clockTime(_ date: Date, offset: Int) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
    let minutes = ((seconds % 86_400) + 86_400) % 86_400 / 60
    let hours = String(minutes / 60)
    let rest = String(minutes % 60)
    return (hours.count < 2 ? "0" : "") + hours + ":" + (rest.count < 2 ? "0" : "") + rest
  }
}
