import CoreBase

/// Makes text from data safe to write to a terminal.
///
/// Every string that comes from data — a title, a feed's text, a file's contents —
/// passes through a sanitizer before it reaches the terminal, so data can never move
/// the cursor, clear the screen, set the window title or inject a hyperlink:
///
/// - complete escape sequences are removed: CSI (`ESC [` and `U+009B`), OSC (`ESC ]`
///   and `U+009D`, ended by BEL or ST), DCS, SOS, PM, APC strings, and two-byte escapes;
/// - other C0 and C1 control characters and DEL are removed, or shown as visible
///   control pictures (`␛`, `␇`, …) with ``Controls/showVisibly``;
/// - a tab becomes spaces up to the next tab stop;
/// - a bare carriage return is removed (`CR LF` counts as one line break);
/// - bidi marks, embedding, override and isolate characters (Core's
///   `InvisibleCharacter.bidiControl`: `U+200E`, `U+200F`, `U+061C`,
///   `U+202A`–`U+202E`, `U+2066`–`U+2069`) are removed;
/// - line breaks follow ``lineBreaks``: kept for multi-line text, spaces for a
///   single-line field.
///
/// <!-- doc-test: context
/// let title = "Hi"
/// -->
/// ```swift
/// TerminalSanitizer.singleLine.sanitize("Hi\u{1b}[2J there")  // "Hi there"
/// title.terminalSafe                                        // the same, as a property
/// ```
public struct TerminalSanitizer: Sendable {
  /// What happens to line breaks (`LF`, `CR LF`, `U+2028`, `U+2029`).
  public enum LineBreaks: Sendable, Hashable {
    /// Kept as `\n` (multi-line text).
    case keep
    /// Each becomes one space (single-line fields).
    case replaceWithSpace
    /// Removed.
    case remove
  }

  /// What happens to control characters that are not part of an escape sequence.
  public enum Controls: Sendable, Hashable {
    /// Removed.
    case remove
    /// Shown as a visible symbol: a control picture for C0 and DEL, `U+FFFD` for C1.
    case showVisibly
  }

  /// What happens to line breaks.
  public var lineBreaks: LineBreaks
  /// What happens to stray control characters.
  public var controls: Controls
  /// Distance between tab stops, in cells.
  public var tabWidth: Int

  /// Creates a sanitizer.
  ///
  /// - Parameters:
  ///   - lineBreaks: What happens to line breaks; single-line by default.
  ///   - controls: Whether stray controls are removed or shown.
  ///   - tabWidth: Distance between tab stops, in cells.
  public init(
    lineBreaks: LineBreaks = .replaceWithSpace, controls: Controls = .remove, tabWidth: Int = 4
  ) {
    self.lineBreaks = lineBreaks
    self.controls = controls
    self.tabWidth = Swift.max(1, tabWidth)
  }

  /// For single-line fields: line breaks become spaces.
  public static let singleLine = TerminalSanitizer()
  /// For multi-line text: line breaks are kept.
  public static let multiLine = TerminalSanitizer(lineBreaks: .keep)

  /// Returns `text` with everything that could control the terminal removed.
  ///
  /// - Parameter text: Text from data.
  /// - Returns: Text that only prints.
  public func sanitize(_ text: some StringProtocol) -> String {
    clean(String(text))
  }

  /// The non-generic body of ``sanitize(_:)``.
  private func clean(_ text: String) -> String {
    if TextWidth.asciiWidth(text) != nil { return text }
    let scalars = Array(text.unicodeScalars)
    var output = String.UnicodeScalarView()
    var column = 0
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let value = scalar.value
      index += 1
      switch value {
      case 0x1b:
        index = Self.skipEscape(scalars, from: index)
      case 0x9b:
        index = Self.skipControlSequence(scalars, from: index)
      case 0x9d, 0x90, 0x98, 0x9e, 0x9f:
        index = Self.skipString(scalars, from: index)
      case 0x0a, 0x2028, 0x2029:
        switch lineBreaks {
        case .keep:
          output.append("\n")
          column = 0
        case .replaceWithSpace:
          output.append(" ")
          column += 1
        case .remove:
          break
        }
      case 0x0d:
        break  // bare CR, or the CR of CR LF
      case 0x09:
        let spaces = tabWidth - column % tabWidth
        output.append(contentsOf: repeatElement(" ", count: spaces))
        column += spaces
      case 0x00..<0x20, 0x7f, 0x80..<0xa0:
        if controls == .showVisibly {
          let picture = value == 0x7f ? 0x2421 : value < 0x20 ? 0x2400 + value : 0xfffd
          output.append(Unicode.Scalar(picture) ?? "?")
          column += 1
        }
      case _ where scalar.invisibleKind == .bidiControl:
        break
      default:
        output.append(scalar)
        column += TextWidth.of(scalar)
      }
    }
    return String(output)
  }

  // MARK: - Escape sequences

  /// Skips what follows an `ESC`; returns the index after the sequence.
  private static func skipEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    guard start < scalars.count else { return start }
    switch scalars[start].value {
    case 0x5b:  // [
      return skipControlSequence(scalars, from: start + 1)
    case 0x5d, 0x50, 0x58, 0x5e, 0x5f:  // ] P X ^ _
      return skipString(scalars, from: start + 1)
    case 0x20...0x2f:  // intermediates, then one final byte
      var index = start
      while index < scalars.count, (0x20...0x2f).contains(scalars[index].value) { index += 1 }
      if index < scalars.count, (0x30...0x7e).contains(scalars[index].value) { index += 1 }
      return index
    case 0x30...0x7e:
      return start + 1
    default:
      return start  // a lone ESC: only it is dropped
    }
  }

  /// Skips a CSI's parameters, intermediates and final byte.
  private static func skipControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count, (0x20...0x3f).contains(scalars[index].value) { index += 1 }
    if index < scalars.count, (0x40...0x7e).contains(scalars[index].value) { index += 1 }
    return index
  }

  /// Skips an OSC, DCS, SOS, PM or APC string up to and including BEL or ST.
  private static func skipString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count {
      switch scalars[index].value {
      case 0x07, 0x9c:
        return index + 1
      case 0x1b where index + 1 < scalars.count && scalars[index + 1] == "\\":
        return index + 2
      default:
        index += 1
      }
    }
    return index
  }
}

extension StringProtocol {
  /// This text made safe for one line of a terminal (``TerminalSanitizer/singleLine``).
  public var terminalSafe: String { TerminalSanitizer.singleLine.sanitize(self) }
}
