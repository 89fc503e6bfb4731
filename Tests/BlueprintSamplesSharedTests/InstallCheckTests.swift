import CoreTesting
import Foundation
import Testing

/// `Apps/install.sh check` and the same check before a build: a missing library the
/// static link needs is named, with its Debian package, in seconds and before any
/// build. A stand-in toolchain (a `swift` that notes it ran and a `clang` that cannot
/// find the libraries a test names) stands for a machine without those files.
@Suite("Apps/install.sh checks the static link's libraries before building")
struct InstallCheckTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory(prefix: "install-check") }

  /// A toolchain folder whose clang fails to link the `missing` libraries.
  private func toolchain() throws -> URL {
    let bin = home.appending("toolchain/bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let scripts = [
      "swift": "#!/bin/sh\necho \"$@\" >> \"$SWIFT_LOG\"\n",
      "gcc": "#!/bin/sh\necho 12.2.0\n",
      "clang": """
      #!/bin/sh
      out=""
      while [ $# -gt 0 ]; do
        for lib in $MISSING; do
          if [ "$1" = "$lib" ]; then echo "ld: error: cannot find $lib" >&2; exit 1; fi
        done
        if [ "$1" = "-o" ]; then out="$2"; fi
        shift
      done
      : > "$out"

      """,
    ]
    for (name, text) in scripts {
      let url = bin.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }
    return bin
  }

  private func run(_ arguments: [String], missing: String) async throws
    -> CompletionShells.Outcome
  {
    let bin = try toolchain()
    return try await CompletionShells.run(
      "/bin/bash", [InstallScriptTests.script.path] + arguments,
      environment: [
        "HOME": home.path, "PATH": "\(bin.path):/usr/bin:/bin", "MISSING": missing,
        "SWIFT_LOG": home.appending("swift.log").path,
      ])
  }

  @Test("check names each missing library and its Debian package, and exits 69")
  func missingLibraries() async throws {
    let result = try await run(["check"], missing: "-lxml2 -lstdc++ -lm")
    #expect(result.status == 69)
    #expect(
      result.error == """
        install.sh: error: the static link needs the development files of: libxml2 libstdc++ libm; nothing was built
        hint: apt-get install libxml2-dev libstdc++-12-dev libc6-dev (Debian, Ubuntu)

        """)
    #expect(result.output.isEmpty)
  }

  @Test("install stops at the check: swift build never starts, nothing is installed")
  func installStopsFirst() async throws {
    let prefix = home.appending("prefix")
    let result = try await run(["--prefix", prefix.path], missing: "-lxml2")
    #expect(result.status == 69)
    #expect(result.error.contains("development files of: libxml2;"))
    #expect(result.error.contains("hint: apt-get install libxml2-dev (Debian, Ubuntu)"))
    #expect(!FileManager.default.fileExists(atPath: home.appending("swift.log").path))
    #expect(!FileManager.default.fileExists(atPath: prefix.path))
  }

  @Test("with every library there, check says so and exits 0")
  func allThere() async throws {
    let result = try await run(["check"], missing: "")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("Everything the build needs is here"))
  }

  @Test("the real toolchain's check ends with a verdict, 0 or 69 naming packages")
  func realToolchain() async throws {
    let result = try await CompletionShells.run(
      "/bin/bash", [InstallScriptTests.script.path, "check"],
      environment: [
        "HOME": home.path,
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      ])
    #expect(result.status == 0 || result.status == 69, "\(result.error)")
    if result.status == 69 {
      #expect(result.error.contains("hint: apt-get install lib"), "\(result.error)")
    }
  }
}
