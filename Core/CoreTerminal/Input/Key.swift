import CoreBase

/// A key the user pressed, decoded from terminal input by ``KeyDecoder``.
///
/// Printable text arrives as ``character(_:)``; control keys have their own cases.
/// `Ctrl` plus a letter arrives as ``ctrl(_:)`` with the lowercase letter, and a key
/// pressed with `Alt` (sent by terminals as `ESC` followed by the key) as ``alt(_:)``.
///
/// <!-- doc-test: context
/// let key = Key.up
/// @MainActor final class Model { func moveUp() {} }
/// let model = Model()
/// func quit() {}
/// var typed = ""
/// -->
/// ```swift
/// switch key {
/// case .up: model.moveUp()
/// case .ctrl("c"): quit()
/// case .character(let c): typed.append(c)
/// default: break
/// }
/// ```
public indirect enum Key: Hashable, Sendable {
  /// A printable character (a whole grapheme where it arrived in one read).
  case character(Character)
  /// Return or Enter.
  case enter
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Backspace (DEL `0x7f` or BS `0x08`).
  case backspace
  /// The forward-delete key.
  case delete
  /// Insert.
  case insert
  /// A lone Escape.
  case escape
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// A function key, `F1` to `F12`.
  case function(Int)
  /// Ctrl plus a key: a lowercase letter, or one of `space @ \ ] ^ _`.
  case ctrl(Character)
  /// A key pressed together with Alt (Meta).
  case alt(Key)
}

/// One event from the terminal: a key, a paste, a resize, or a resume after suspend.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// Text pasted while bracketed paste was on, delivered whole (line breaks as `\n`).
  case paste(String)
  /// The terminal changed size; the new size.
  case resize(TerminalSize)
  /// The process was resumed after a suspend (`SIGCONT`): repaint everything.
  case resume
}

/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// Number of columns (cells per row).
  public var columns: Int
  /// Number of rows.
  public var rows: Int

  /// Creates a size.
  ///
  /// - Parameters:
  ///   - columns: Cells per row.
  ///   - rows: Number of rows.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The size assumed when a terminal does not report one: 80×24.
  public static let fallback = TerminalSize(columns: 80, rows: 24)

  /// `COLUMNSxROWS`, e.g. `80x24`.
  public var description: String { "\(columns)x\(rows)" }
}
