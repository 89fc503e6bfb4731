import Foundation
public import Testing

/// Compares `text` with `Goldens/<name>.txt` beside the calling test file.
///
/// With `RECORD_GOLDENS=1` in the environment the file is (re)written and the test
/// fails, so a recording run is never mistaken for a pass. A missing golden fails with
/// the command that records it.
///
/// - Parameters:
///   - text: The output to check.
///   - name: The golden's name, without `.txt`.
///   - filePath: The calling test file; its folder holds `Goldens/`.
///   - sourceLocation: Where failures are reported.
public func assertGolden(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens", isDirectory: true)
  let file = folder.appendingPathComponent(name + ".txt")
  let contents = text.hasSuffix("\n") ? text : text + "\n"
  if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: file, options: .atomic)
      Issue.record(
        "Recorded golden \(name).txt; run again without RECORD_GOLDENS to compare.",
        sourceLocation: sourceLocation)
    } catch {
      Issue.record("Cannot record golden \(file.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = FileManager.default.contents(atPath: file.path) else {
    Issue.record(
      "Missing golden \(file.path). Record it with: RECORD_GOLDENS=1 swift test --filter <test>",
      sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  if expected != contents {
    Issue.record(
      "Output differs from golden \(name).txt:\n--- expected\n\(expected)--- actual\n\(contents)",
      sourceLocation: sourceLocation)
  }
}
