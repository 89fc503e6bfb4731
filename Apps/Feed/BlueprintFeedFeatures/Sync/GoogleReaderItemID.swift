internal import Foundation

/// An item's id in the Google Reader API, one number written three ways: decimal
/// (`1796411311444888`, what `stream/items/ids` answers), the long form
/// (`tag:google.com,2005:reader/item/00066237cbd0e598`, what item contents carry) and
/// the bare 16 hex digits. A text of digits only, without a leading 0, is decimal;
/// anything else is hex.
package struct GoogleReaderItemID: Hashable, Comparable, Sendable, Codable,
  CustomStringConvertible
{
  /// The number.
  package var value: UInt64

  /// The id `value`.
  package init(_ value: UInt64) { self.value = value }

  /// The id written in any of the three forms, or `nil` for anything else.
  package init?(_ text: String) {
    let longPrefix = "tag:google.com,2005:reader/item/"
    if text.hasPrefix(longPrefix) {
      guard let value = UInt64(text.dropFirst(longPrefix.count), radix: 16) else { return nil }
      self.value = value
    } else if !text.hasPrefix("0"), !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let value = UInt64(text)
    {
      self.value = value
    } else if !text.isEmpty, text.utf8.count <= 16, let value = UInt64(text, radix: 16) {
      self.value = value
    } else {
      return nil
    }
  }

  /// The decimal form, which every server takes as `i=`.
  package var description: String { String(value) }

  /// The long form, `tag:google.com,2005:reader/item/` and 16 hex digits.
  package var longForm: String {
    let digits = String(value, radix: 16)
    return "tag:google.com,2005:reader/item/"
      + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
  }

  /// The local item id feed keeps for it: `gr:` and the decimal form.
  package var localItemID: String { "gr:" + description }

  /// The server's id of a local item id made by ``localItemID``.
  package init?(localItemID: String) {
    guard localItemID.hasPrefix("gr:") else { return nil }
    self.init(String(localItemID.dropFirst(3)))
  }

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

  package init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(UInt64.self)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}
