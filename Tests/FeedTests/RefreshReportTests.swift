import BlueprintFeedModel
import CoreTerminal
import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// What `feed refresh` says and exits with, from its results.
@Suite("The refresh report: exit code and message follow what happened")
struct RefreshReportTests {
  func result(_ id: String, _ outcome: RefreshResult.Outcome, unsaved: Bool = false)
    -> RefreshResult
  {
    var result = RefreshResult(feedID: id, title: "Feed \(id)", outcome: outcome)
    result.saveFailed = unsaved
    return result
  }

  let full = "cannot write 'feed-1' to /d/feed-1.json: No space left on device"

  @Test("nothing saved: exit 74, and the hint says nothing was saved")
  func nothingSaved() throws {
    let results = [
      result("1", .failed(full), unsaved: true), result("2", .failed(full), unsaved: true),
    ]
    let error = try #require(RefreshReport(results, appName: "feed").error)
    #expect(error.exitCode == .ioError)
    #expect(error.message == "could not save 2 of 2 feeds: \(full)")
    #expect(error.hint?.hasPrefix("nothing was saved") == true)
  }

  @Test("some saved: exit 74, and the hint counts the saved ones")
  func someSaved() throws {
    let results = [
      result("1", .failed(full), unsaved: true), result("2", .updated(new: 1, total: 1)),
      result("3", .notModified),
    ]
    let error = try #require(RefreshReport(results, appName: "feed").error)
    #expect(error.exitCode == .ioError)
    #expect(error.hint?.hasPrefix("the other 2 feeds were saved") == true)
    let one = try #require(
      RefreshReport(Array(results.prefix(2)), appName: "feed").error)
    #expect(one.hint?.hasPrefix("the other 1 feed was saved; fix what the message says") == true)
  }

  @Test("fetch failures only: exit 69; 'the others were saved' only when there are others")
  func fetchFailures() throws {
    let some = [result("1", .failed("HTTP 404")), result("2", .notModified)]
    let someError = try #require(RefreshReport(some, appName: "feed").error)
    #expect(someError.exitCode == .unavailable)
    #expect(someError.message == "1 of 2 feeds failed to refresh")
    #expect(someError.hint?.hasPrefix("the others were saved") == true)
    let all = [result("1", .failed("HTTP 404"))]
    let allError = try #require(RefreshReport(all, appName: "feed").error)
    #expect(allError.hint?.hasPrefix("nothing new was saved") == true)
  }

  @Test("success: no error; the new-items line counts items and feeds")
  func success() {
    let results = [
      result("1", .updated(new: 2, total: 5)), result("2", .updated(new: 1, total: 1)),
      result("3", .updated(new: 0, total: 4)), result("4", .notModified),
    ]
    let report = RefreshReport(results, appName: "feed")
    #expect(report.error == nil)
    #expect(report.newItemsLine == "3 new items in 2 feeds.")
    #expect(RefreshReport([result("1", .notModified)], appName: "feed").newItemsLine == nil)
  }
}
