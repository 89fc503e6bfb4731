import Foundation

/// Runs `command` with bash (for process substitution and pipes) in `environment`,
/// with standard input empty.
///
/// - Parameters:
///   - command: The command line, as bash reads it.
///   - environment: The whole environment.
/// - Returns: The exit status and what was written to standard error.
/// - Throws: When bash cannot be started.
public func runShell(_ command: String, environment: [String: String]) throws -> (
  status: Int32, error: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/bash")
  process.arguments = ["-c", command]
  process.environment = environment
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = FileHandle.nullDevice
  try process.run()
  // Small outputs: reading one pipe to its end cannot block the other.
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  _ = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: errorData, as: UTF8.self))
}
