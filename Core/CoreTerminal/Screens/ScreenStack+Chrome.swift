import Observation

extension ScreenStack {
  /// Draws the header (breadcrumb), the front screen, the status line and the footer,
  /// with any sheet, prompt or help overlay on top.
  ///
  /// - Parameter frame: The frame to draw into.
  public func render(into frame: inout Frame) {
    _ = changes.count
    synchronize()
    let size = frame.size
    guard size.rows >= 3, size.columns >= 4 else {
      frame.draw(front.screen.title, row: 0, column: 0)
      return
    }
    // The header, the screen's content, its status line and the footer of keys, placed
    // here once so that no screen places them itself.
    let (header, content, status, footer) = frame.bounds.rows(
      .fixed(1), .fill(), .fixed(1), .fixed(1))
    frame.fill(header, style: .header)
    frame.draw(
      breadcrumbText(width: header.width - 2), in: header.inset(leading: 1, trailing: 1),
      style: .header, sanitizing: false)
    entries[entries.count - 1].screen.render(into: &frame, area: content)
    for sheet in sheets {
      frame.cursor = nil
      let inside = frame.drawBox(
        content.inset(rows: 1, columns: 2), title: sheet.screen.title, style: .header)
      sheet.screen.render(into: &frame, area: inside)
    }
    renderStatus(into: &frame, in: status.inset(leading: 1, trailing: 1))
    let own = front.screen.keyBindings
    let declared = Set(own.flatMap(\.keys))
    let stack = stackBindings.filter { declared.isDisjoint(with: $0.keys) }
    let bindings = own + stack
    // While a prompt is open only its keys work, so the footer shows those; else the
    // stack's own keys (Back, Help, Quit) stay when the row is narrow.
    if let prompt {
      KeyHintsView.render(
        prompt.view.keyBindings, into: &frame, row: footer.row, width: footer.width)
    } else {
      KeyHintsView.render(
        own, keeping: stack, into: &frame, row: footer.row, width: footer.width)
    }
    if let prompt {
      frame.cursor = nil
      prompt.view.render(into: &frame, area: content)
    } else {
      renderHelp(bindings, into: &frame, area: content)
    }
  }

  /// The status line: the front screen's message, else its busy spinner.
  private func renderStatus(into frame: inout Frame, in line: Rect) {
    if let status = front.context.status {
      frame.draw(status, in: line, style: .error, sanitizing: false)
    } else if front.context.isBusy {
      Spinner.render(
        "Working…", into: &frame, row: line.row, column: line.column, width: line.width)
    } else if let notice = changes.notice {
      frame.draw(notice, in: line, style: .error)
    }
  }

  /// The titles joined by `›`, the first ones replaced by `…` when they do not fit.
  private func breadcrumbText(width: Int) -> String {
    let titles = breadcrumb.map(\.terminalSafe)
    var text = titles.joined(separator: " › ")
    var dropped = 0
    while text.terminalWidth > width, dropped < titles.count - 1 {
      dropped += 1
      text = (["…"] + titles[dropped...]).joined(separator: " › ")
    }
    return text
  }
}

/// Observed by the stack's render: bumped when a sheet or prompt comes or goes.
@MainActor @Observable
final class StackChanges {
  var count = 0
  /// The stack's notice (``ScreenStack/notice``).
  var notice: String?
}

extension ScreenStack: TerminalNoticeBoard {
  /// A message on the status line that belongs to no screen (why the settings were
  /// not applied), shown while the front screen has no status of its own.
  public var notice: String? {
    get { changes.notice }
    set { changes.notice = newValue }
  }
}
