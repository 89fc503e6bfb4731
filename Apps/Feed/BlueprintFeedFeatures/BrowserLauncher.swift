internal import Foundation

/// Opens an item's link in a browser: `$BROWSER` (the first of a colon-separated list;
/// `%s` stands for the URL, else it is added at the end), else `xdg-open`. When neither
/// exists, the link is shown so it can be copied.
///
/// The browser is started detached from the reader's terminal (its input and output go
/// to `/dev/null`) and not waited for: a graphical browser, or `xdg-open`, opens its own
/// window. The URL is passed as an argument, never through a shell string.
struct BrowserLauncher: Sendable {
  /// The environment `BROWSER` and `PATH` are read from.
  var environment: [String: String]
  /// Starts a program with arguments; replaced in tests.
  var start: @Sendable (_ executable: String, _ arguments: [String]) throws -> Void = {
    executable, arguments in
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// The program and arguments that open `url`, or `nil` when no browser is known.
  func command(for url: URL) -> (executable: String, arguments: [String])? {
    let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init)
    if let browser, !browser.trimmingCharacters(in: .whitespaces).isEmpty {
      // `$1` is the URL: a shell word, never spliced into the command text.
      let script =
        browser.contains("%s")
        ? browser.replacingOccurrences(of: "%s", with: "\"$1\"") : browser + " \"$1\""
      return ("/bin/sh", ["-c", "exec " + script, "sh", url.absoluteString])
    }
    guard let opener = find("xdg-open") else { return nil }
    return (opener, [url.absoluteString])
  }

  /// Opens `link`; returns the status line to show.
  func open(_ link: URL?) -> String {
    guard let link else { return "This item has no link." }
    guard let (executable, arguments) = command(for: link) else {
      return "No browser: set $BROWSER or install xdg-open. Link: " + link.absoluteString
    }
    do {
      try start(executable, arguments)
      return "Opening " + link.absoluteString
    } catch {
      return "Could not start the browser. Link: " + link.absoluteString
    }
  }

  private func find(_ name: String) -> String? {
    let path = environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
      let candidate = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
