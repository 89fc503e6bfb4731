import CoreTerminal
import CoreTesting
import Testing

@testable import BlueprintSettingsFeatures

/// The app's command types make a well-formed command line: each name once in its
/// scope, a variadic argument only last, no empty names.
@Suite("the command line is well formed")
struct CommandLineSpecTests {
  @Test("no name is used twice, none is empty, a variadic argument comes last")
  func wellFormed() {
    expectWellFormed(SettingsCommands.all.spec)
  }
}
