import Core
import CoreTerminal
import CoreTesting
import Testing

@Suite("TerminalInputDecoder")
struct TerminalInputDecoderTests {
  let terminal = VirtualTerminal()
  let clock = ManualClock()

  @Test("a lone Esc becomes Escape after the delay on the clock", .timeLimit(.minutes(10)))
  func escapeAfterDelay() async {
    var events = terminal.events(clock: clock, escapeDelay: .milliseconds(30)).makeAsyncIterator()
    terminal.send([0x1b])
    await clock.waitForSleepers(1)
    #expect(clock.sleepDurations == [.milliseconds(30)])
    clock.advance(by: .milliseconds(30))
    #expect(await events.next() == .key(.escape))
  }

  @Test("the rest of a sequence arriving before the delay makes one key", .timeLimit(.minutes(10)))
  func sequenceSplitBeforeDelay() async {
    var events = terminal.events(clock: clock).makeAsyncIterator()
    terminal.send([0x1b])
    await clock.waitForSleepers(1)
    terminal.send(Array("[A".utf8))
    #expect(await events.next() == .key(.up))
    clock.advance(by: .seconds(1))
    terminal.send("x")
    #expect(await events.next() == .key(.character("x")))
  }

  @Test("resizes and resumes pass through in order", .timeLimit(.minutes(10)))
  func passThrough() async {
    var events = terminal.events(clock: clock).makeAsyncIterator()
    terminal.send("a")
    terminal.resize(to: TerminalSize(columns: 120, rows: 40))
    terminal.resume()
    terminal.finishInput()
    #expect(await events.next() == .key(.character("a")))
    #expect(await events.next() == .resize(TerminalSize(columns: 120, rows: 40)))
    #expect(await events.next() == .resume)
    #expect(await events.next() == nil)
  }

  @Test("held bytes are flushed when the input ends", .timeLimit(.minutes(10)))
  func flushAtEnd() async {
    var events = terminal.events(clock: clock).makeAsyncIterator()
    terminal.send([0x1b])
    terminal.finishInput()
    #expect(await events.next() == .key(.escape))
    #expect(await events.next() == nil)
  }
}
