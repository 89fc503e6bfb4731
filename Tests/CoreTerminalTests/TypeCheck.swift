#if os(Linux)
  import CoreTesting
  import Foundation

  /// The compiler as a witness: type-checks a small file against the built modules
  /// (Core, CoreTerminal), as a program outside the package would use them.
  enum TypeCheck {
    /// Type-checks `source`, saved as `file`; returns the exit status and what the
    /// compiler printed.
    static func run(_ source: String, file: String) async throws -> (
      status: Int32, output: String
    ) {
      let folder = try TemporaryDirectory()
      defer { folder.remove() }
      let sourceFile = folder.appending(file)
      try source.write(to: sourceFile, atomically: true, encoding: .utf8)
      let products = BuiltProduct.productsFolder
      let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
      let log = folder.appending("compiler.log")
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      let output = try FileHandle(forWritingTo: log)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "swiftc", "-typecheck", "-swift-version", "6",
        "-I", products.appendingPathComponent("Modules").path,
        "-Xcc",
        "-fmodule-map-file="
          + products.appendingPathComponent("CoreCurlShim.build/module.modulemap").path,
        "-Xcc", "-I" + root.appendingPathComponent("Core/CoreCurlShim/include").path,
        sourceFile.path,
      ]
      process.standardOutput = output
      process.standardError = output
      let status = try await process.runToExit()
      try output.close()
      return (status, try String(contentsOf: log, encoding: .utf8))
    }
  }
#endif
