import Core
public import CoreTerminal
public import Foundation

/// Standard streams for a command run in-process: output and errors are captured.
public final class CapturedIO: Sendable {
  private let state = Locked((output: "", error: ""))
  private let input: Data
  private let terminals: (input: Bool, output: Bool)
  private let failure: String?

  /// Creates streams.
  ///
  /// - Parameters:
  ///   - input: What standard input holds.
  ///   - inputIsTerminal: Whether standard input claims to be a terminal.
  ///   - outputIsTerminal: Whether standard output claims to be a terminal.
  ///   - outputFailure: Reported as the reason standard output could not be written.
  public init(
    input: Data = Data(), inputIsTerminal: Bool = false, outputIsTerminal: Bool = false,
    outputFailure: String? = nil
  ) {
    self.input = input
    terminals = (inputIsTerminal, outputIsTerminal)
    failure = outputFailure
  }

  /// Everything written to standard output.
  public var output: String { state.withLock { $0.output } }
  /// Everything written to standard error.
  public var error: String { state.withLock { $0.error } }

  /// The streams to pass to the code under test.
  public var io: ProcessIO {
    ProcessIO(
      writeOutput: { text in self.state.withLock { $0.output += text } },
      writeError: { text in self.state.withLock { $0.error += text } },
      readInput: { self.input },
      isInputTerminal: terminals.input,
      isOutputTerminal: terminals.output,
      outputFailure: { self.failure }
    )
  }
}
