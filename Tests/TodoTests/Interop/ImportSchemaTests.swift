import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// What `import` reads of the JSON schema.
extension StorageTests {
  @Test(
    "imports that are invalid add nothing and say why",
    arguments: [
      ("{}", "expected a JSON array"),
      (#"[{"title":"a"},{"done":true}]"#, "item 2: no title"),
      (#"[{"title":"a","tagz":["x"]}]"#, "item 1: unknown key 'tagz'"),
      (#"[{"title":"a","title":"b"}]"#, "line 1, column 15: the key 'title' appears twice"),
      (#"[{"title":"a","created":"-9999999-01-01T00:00:00Z"}]"#, "bad timestamp"),
      (#"[{"title":"  "}]"#, "item 1: the title is empty"),
      (#"[{"title":"a","priority":"urgent"}]"#, "unknown priority 'urgent'"),
      (#"[{"title":"a","due":"tomorrow"}]"#, "bad due date 'tomorrow'"),
      (#"[{"title":"a","created":"yesterday"}]"#, "bad timestamp 'yesterday'"),
      (#"[{"title":"a","tags":"work"}]"#, "item 1: 'tags' is not"),
      // Tags follow the command line's rule (one word), so a list never shows "+a b".
      (#"[{"title":"a","tags":["a b"]}]"#, "item 1: invalid tag 'a b'"),
      (#"[{"title":"a","tags":["ok",""]}]"#, "item 1: invalid tag ''"),
      (#"[{"title":"a"}"#, "line 1, column 15: expected ',' or ']'"),
      // The one rule for an item, as on the command line.
      (#"[{"title":"a\u0000b"}]"#, "item 1: the title holds a NUL character"),
      (
        #"[{"title":""# + String(repeating: "x", count: 1_001) + #""}]"#,
        "item 1: the title has 1001 characters, more than 1000"
      ),
      (#"[{"title":"a","tags":["x\u0000"]}]"#, "item 1: invalid tag"),
      // Open and completed at once: which one was meant cannot be told.
      (
        #"[{"title":"a"},{"title":"b","done":false,"completed":"2026-04-10T09:00:00Z"}]"#,
        "item 2: 'done' is false but 'completed' gives a time"
      ),
    ])
  func badImports(text: String, message: String) {
    #expect {
      try TodoDocument.Draft.importing(Data(text.utf8), source: "f.json", now: 1)
    } throws: { error in
      guard case .invalidImport(let source, let reason) = error as? TodoError else { return false }
      return source == "f.json" && reason.contains(message)
    }
  }

  @Test("--json parses back into the same items")
  func jsonImportsBack() throws {
    let document = try Self.sample()
    let text = try TodoItem.jsonArray(document.items)
    let drafts = try TodoDocument.Draft.importing(Data(text.utf8), source: "x", now: 5)
    var copy = TodoDocument()
    try copy.add(drafts)
    #expect(copy.items.map(\.title) == document.items.map(\.title))
    #expect(copy.items.map(\.completed) == document.items.map(\.completed))
    #expect(copy.items.map(\.created) == document.items.map(\.created))
    #expect(copy.items.map(\.tags) == document.items.map(\.tags))
    #expect(copy.items.map(\.due) == document.items.map(\.due))
  }
}
