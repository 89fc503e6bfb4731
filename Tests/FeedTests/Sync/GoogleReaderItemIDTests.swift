import Foundation
import Testing

@testable import BlueprintFeedFeatures

/// An item's three forms, and the addresses a person gives setup.
@Suite("Google Reader ids and addresses")
struct GoogleReaderItemIDTests {
  @Test(
    "the three forms of one id are the same number",
    arguments: [
      "1796512517859603", "tag:google.com,2005:reader/item/000661eb2a762913",
      "000661eb2a762913",
    ])
  func forms(text: String) throws {
    let id = try #require(GoogleReaderItemID(text))
    #expect(id.value == 1_796_512_517_859_603)
    #expect(id.longForm == "tag:google.com,2005:reader/item/000661eb2a762913")
    #expect(id.description == "1796512517859603")
    #expect(GoogleReaderItemID(localItemID: id.localItemID) == id)
  }

  @Test("digits with a leading 0 are hex; other text is no id", arguments: ["", "xyz", "tag:x"])
  func notIDs(text: String) {
    #expect(GoogleReaderItemID(text) == nil)
    #expect(GoogleReaderItemID("010")?.value == 16)
  }

  @Test(
    "setup's address: FreshRSS's base or api/greader.php, Miniflux's base, The Old Reader",
    arguments: [
      (
        "https://rss.example.com/freshrss/p/api/greader.php",
        ["https://rss.example.com/freshrss/p/api/greader.php"]
      ),
      (
        "https://rss.example.com/api/greader.php/reader/api/0/",
        ["https://rss.example.com/api/greader.php"]
      ),
      ("https://theoldreader.com/", ["https://theoldreader.com"]),
      ("https://miniflux.example.com/reader/api/0", ["https://miniflux.example.com"]),
      (
        "https://rss.example.com/",
        [
          "https://rss.example.com/api/greader.php", "https://rss.example.com/p/api/greader.php",
          "https://rss.example.com",
        ]
      ),
    ])
  func addresses(given: String, expected: [String]) throws {
    let url = try #require(URL(string: given))
    #expect(GoogleReaderAddress.candidates(for: url).map(\.absoluteString) == expected)
  }
}
