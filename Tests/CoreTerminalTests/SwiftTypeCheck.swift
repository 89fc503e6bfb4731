#if os(Linux)
  import CoreTesting
  import Foundation

  /// The compiler as a witness: type-checks one file against the built modules (Core,
  /// CoreTerminal), as a package that depends on Blueprint would compile it.
  enum SwiftTypeCheck {
    /// Type-checks `source`; returns the exit status and what the compiler printed.
    ///
    /// - Parameter source: A whole Swift file, imports included.
    /// - Returns: `swiftc -typecheck`'s exit status and output (diagnostics name the
    ///   file `Screen.swift`).
    /// - Throws: What writing the file or starting the compiler throws.
    static func run(_ source: String) async throws -> (status: Int32, output: String) {
      let folder = try TemporaryDirectory()
      defer { folder.remove() }
      let file = folder.appending("Screen.swift")
      try source.write(to: file, atomically: true, encoding: .utf8)
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
        "-Xcc", "-I" + root.appendingPathComponent("Core/CurlShim/include").path,
        file.path,
      ]
      process.standardOutput = output
      process.standardError = output
      let status = try await process.runToExit()
      try output.close()
      return (status, try String(contentsOf: log, encoding: .utf8))
    }
  }
#endif
