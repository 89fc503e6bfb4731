import CoreBase
import Foundation

/// Runs a password command and takes the first line it prints.
enum PasswordCommand {
  static func run(_ command: [String]) throws(SyncCredentialError) -> String {
    guard let program = command.first, !program.isEmpty else {
      throw .passwordCommandFailed(program: "(empty)", reason: "is empty")
    }
    let process = Process()
    if program.contains("/") {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = Array(command.dropFirst())
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = command
    }
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw .passwordCommandFailed(program: program, reason: "could not be started")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let how =
        process.terminationReason == .exit
        ? "exited with status \(process.terminationStatus)"
        : "was ended by signal \(process.terminationStatus)"
      throw .passwordCommandFailed(program: program, reason: how)
    }
    let text = String(decoding: data, as: UTF8.self)
    let line =
      text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
      .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) } ?? ""
    guard !line.isEmpty else {
      throw .passwordCommandFailed(program: program, reason: "printed no password")
    }
    return line
  }
}
