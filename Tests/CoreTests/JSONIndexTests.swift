import Foundation
import Testing

@testable import CoreBase

@Suite("JSONIndex: the tokens of the worked example in its documentation")
struct JSONIndexTests {
  /// One row of the table in `JSONIndex`'s documentation.
  struct Row: Equatable, CustomStringConvertible {
    var kind: JSONToken.Kind
    var first: Int
    var second: Int

    var description: String { "\(kind) \(first) \(second)" }
  }

  @Test("{\"tags\":[\"a\",\"b\"],\"id\":7} lists seven tokens, containers with their member counts")
  func workedExample() throws {
    let data = Data(#"{"tags":["a","b"],"id":7}"#.utf8)
    let rows = try data.withUnsafeBytes { raw in
      let index = try JSONIndex(scanning: raw.bindMemory(to: UInt8.self), userInfo: [:])
      defer { index.close() }
      return (0..<index.tokens.count).map { position in
        let token = index.tokens[position]
        return token.isContainer
          ? Row(kind: token.kind, first: token.memberCount, second: token.tokenEnd)
          : Row(kind: token.kind, first: token.start, second: token.end)
      }
    }
    #expect(
      rows == [
        Row(kind: .object, first: 2, second: 7),
        Row(kind: .string, first: 2, second: 6),
        Row(kind: .array, first: 2, second: 5),
        Row(kind: .string, first: 10, second: 11),
        Row(kind: .string, first: 14, second: 15),
        Row(kind: .string, first: 19, second: 21),
        Row(kind: .number, first: 23, second: 24),
      ])
  }
}
