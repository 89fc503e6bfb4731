import Core
import Foundation

@testable import BlueprintTodoModel

/// A suite whose tests run the built `todo` in a fresh `TodoHome` each: the helpers
/// its tests share (ids as `list` prints them, today's date, store files written by hand).
protocol TodoHomeSuite {
  /// The temporary home of the test's runs.
  var home: TodoHome { get }
}

extension TodoHomeSuite {
  /// Ids as `list` prints them, in order.
  func listedIDs(_ arguments: [String]) throws -> [Int] {
    try home.output(arguments).split(separator: "\n").compactMap {
      Int($0.split(separator: " ").first ?? "")
    }
  }

  /// Today in the home's time zone (UTC).
  var today: Day { Day.today(in: .gmt) }

  /// One item in the stored form of version 2, for files written by hand.
  static func item(id: String, created: String = #""2026-05-01T10:00:00Z""#) -> String {
    #"{"completed":null,"created":"# + created
      + #","done":false,"due":null,"id":"# + id
      + #","note":null,"priority":null,"tags":["x"],"title":"important"}"#
  }

  /// A stored file of version 2 holding `items`, for files written by hand.
  static func file(nextID: String = "2", items: [String]) -> String {
    #"{"version":2,"value":{"nextID":"# + nextID + #","items":["#
      + items.joined(separator: ",") + #"],"undo":[]}}"#
  }
}
