import Core
import CoreTesting
import Foundation
import Testing

@testable import CoreTerminal

/// The progress line of long work: on a terminal's stderr only, after a moment, in
/// place, sanitized, as wide as the terminal, erased at the end.
@Suite("ProgressLine: long work's progress on a terminal's standard error")
struct ProgressLineTests {
  /// What the line wrote, in order.
  final class Written: Sendable {
    private let parts = Locked<[String]>([])
    var all: [String] { parts.withLock { $0 } }
    var text: String { all.joined() }
    func append(_ text: String) { parts.withLock { $0.append(text) } }
  }

  @Test("each update replaces the line in place; finish erases it")
  func updatesInPlace() {
    let written = Written()
    let line = ProgressLine(isShown: true, delay: .zero, write: written.append)
    line.update("refreshing 0/3")
    line.update("refreshing 1/3 · example.org")
    line.finish()
    line.update("refreshing 2/3")  // after finish: nothing
    line.finish()
    #expect(
      written.all == [
        "\rrefreshing 0/3\u{1B}[K",
        "\rrefreshing 1/3 · example.org\u{1B}[K", "\r\u{1B}[K",
      ])
  }

  @Test("not a terminal: nothing is written at all")
  func notShown() {
    let written = Written()
    let line = ProgressLine(isShown: false, delay: .zero, write: written.append)
    line.update("refreshing 1/3")
    line.finish()
    #expect(written.all.isEmpty)
  }

  @Test("text from data passes the sanitizer and is cut to the terminal's width")
  func sanitizedAndCut() {
    let written = Written()
    let line = ProgressLine(isShown: true, delay: .zero, columns: { 20 }, write: written.append)
    line.update("refreshing 1/3 · evil\u{1B}]0;title\u{7}.example.org and more")
    let drawn = written.text
    #expect(drawn.hasPrefix("\r") && drawn.hasSuffix("\u{1B}[K"))
    let body = String(drawn.dropFirst().dropLast(3))
    #expect(!body.contains("\u{1B}") && !body.contains("\u{7}"), "\(body.debugDescription)")
    #expect(body.terminalWidth <= 19, "\(body.debugDescription)")
    #expect(body.hasSuffix("…"))
  }

  @Test("work done within the moment shows nothing; longer work shows its latest text")
  func afterAMoment() async {
    let clock = ManualClock()
    let quick = Written()
    let quickLine = ProgressLine(
      isShown: true, delay: .milliseconds(300), clock: clock, write: quick.append)
    await clock.waitForSleepers(1)
    quickLine.update("refreshing 1/2")
    quickLine.finish()
    clock.advance(by: .seconds(1))
    #expect(quick.all.isEmpty)

    let slow = Written()
    let slowLine = ProgressLine(
      isShown: true, delay: .milliseconds(300), clock: clock, write: slow.append)
    await clock.waitForSleepers(1)
    slowLine.update("refreshing 0/2")
    slowLine.update("refreshing 1/2")
    #expect(slow.all.isEmpty)
    clock.advance(by: .milliseconds(300))
    await waitUntil("the line drawn after the moment") { !slow.all.isEmpty }
    #expect(slow.all == ["\rrefreshing 1/2\u{1B}[K"])
    slowLine.update("refreshing 2/2")
    slowLine.finish()
    #expect(slow.all.last == "\r\u{1B}[K")
    #expect(slow.all.count == 3)
  }

  @Test("a command's line is drawn only when stderr is a terminal and TERM is not dumb")
  func commandContext() {
    func context(errorTerminal: Bool, term: String) -> (CommandContext, Written) {
      let written = Written()
      let io = ProcessIO(
        writeOutput: { _ in }, writeError: written.append, isErrorTerminal: errorTerminal,
        errorColumns: { 40 })
      return (
        CommandContext(
          identity: AppIdentity(name: "demo", version: "1"), environment: ["TERM": term], io: io),
        written
      )
    }
    for (terminal, term, shown) in [
      (true, "xterm-256color", true), (false, "xterm-256color", false), (true, "dumb", false),
    ] {
      let (context, written) = context(errorTerminal: terminal, term: term)
      let line = context.progressLine(delay: .zero)
      line.update("syncing")
      line.finish()
      #expect(line.isShown == shown)
      #expect(written.text == (shown ? "\rsyncing\u{1B}[K\r\u{1B}[K" : ""))
    }
  }
}
