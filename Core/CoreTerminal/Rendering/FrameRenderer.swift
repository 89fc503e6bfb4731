public import CoreBase

/// Turns frames into terminal output, writing only the rows that changed.
///
/// The first frame, and the first after ``invalidate()`` (a resize or a resume),
/// repaints everything. Later frames are compared row by row with the previous one;
/// each changed row is rewritten whole, from its first column. Styles become SGR for
/// the capability given, and each style's sequence is computed once and cached.
/// With ``ColorCapability/none`` no color parameters are written, but bold, dim,
/// underline and reverse are, so a selected row stays visible under NO_COLOR.
public struct FrameRenderer: Sendable {
  /// Which colors to emit.
  public let capability: ColorCapability
  /// Light or dark.
  public let appearance: Appearance
  /// Resolves palette roles.
  public let theme: Theme

  private var previous: Frame?
  private var sequences: [TextStyle: [UInt8]] = [:]

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - capability: Which colors the terminal shows.
  ///   - appearance: Light or dark (`system` counts as dark).
  ///   - theme: Resolves palette roles.
  public init(capability: ColorCapability, appearance: Appearance = .dark, theme: Theme = .default)
  {
    self.capability = capability
    self.appearance = appearance
    self.theme = theme
  }

  /// Forgets the previous frame, so the next render repaints the whole screen.
  public mutating func invalidate() { previous = nil }

  /// The bytes that bring the terminal from the previous frame to `frame`.
  ///
  /// - Parameter frame: The frame to show.
  /// - Returns: Output bytes: cursor moves, SGR and text for changed rows only; empty
  ///   when nothing changed.
  public mutating func render(_ frame: Frame) -> [UInt8] {
    var output: [UInt8] = []
    let isFull = previous?.size != frame.size
    if isFull { output += Array("\u{1b}[0m\u{1b}[2J".utf8) }
    for row in 0..<frame.size.rows {
      if !isFull, let previous, previous.rowEquals(frame, row: row) { continue }
      output += Array("\u{1b}[\(row + 1);1H".utf8)
      var current: TextStyle?
      for cell in frame.cells(ofRow: row) where !cell.text.isEmpty {
        if cell.style != current {
          output += sequence(for: cell.style)
          current = cell.style
        }
        output += Array(cell.text.utf8)
      }
      output += Array("\u{1b}[0m".utf8)
    }
    if output.isEmpty,
      previous?.cursor.map({ [$0.row, $0.column] }) == frame.cursor.map({ [$0.row, $0.column] })
    {
      previous = frame
      return []
    }
    if let cursor = frame.cursor {
      output += Array("\u{1b}[\(cursor.row + 1);\(cursor.column + 1)H\u{1b}[?25h".utf8)
    } else {
      output += Array("\u{1b}[?25l".utf8)
    }
    previous = frame
    return output
  }

  private mutating func sequence(for style: TextStyle) -> [UInt8] {
    if let cached = sequences[style] { return cached }
    let parameters = style.sgrParameters(
      theme: theme, capability: capability, appearance: appearance)
    let bytes = Array("\u{1b}[\(parameters)m".utf8)
    sequences[style] = bytes
    return bytes
  }
}
