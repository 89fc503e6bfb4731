import Core
import CoreTesting
import Foundation
import Testing

@testable import BlueprintTodoFeatures

/// The runner's one input reader, met through `import`.
extension CommandLineHabitsTests {
  @Test("import reads a process substitution, a pipe on stdin and a file")
  func importSources() async throws {
    try await habits.checkImportSources()
  }

  @Test("import of a missing file or a folder exits 66 naming it; an endless input is cut off")
  func importFailures() async throws {
    try await habits.checkImportFailures()
  }
}
