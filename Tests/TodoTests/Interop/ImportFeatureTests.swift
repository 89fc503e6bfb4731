import Core
import CoreTerminal
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures
@testable import BlueprintTodoModel

/// Hostile files given to `import`.
extension CommandFeatureTests {
  @Test("importing 100,000-deep nesting is refused with exit 65, nothing added")
  func deepImport() throws {
    let deep = Data(
      (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
    let file = home.folder.appending("deep.json")
    try deep.write(to: file)
    let result = try home.run(["import", file.path])
    // Refused by Core's strict check once nesting passes its limit: a clear line
    // naming the file and where, never a stack overflow.
    #expect(result.status == 65)
    #expect(
      result.error.hasPrefix(
        "\(appIdentity.name): error: cannot import \(file.path): line 1, column 513: nested deeper than"
      ))
    #expect(home.storedBytes == nil)
    let objects = Data(
      (#"[{"title":"a","note":"# + String(repeating: "{\"a\":", count: 100_000)).utf8)
    try objects.write(to: file)
    #expect(try home.run(["import", file.path]).status == 65)
  }
}
