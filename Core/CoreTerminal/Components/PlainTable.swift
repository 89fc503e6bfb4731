public import CoreBase

/// Aligned columns for non-interactive output: width-aware (CJK and emoji count two
/// cells), every cell sanitized, optional styles per column that disappear when color
/// is off.
///
/// <!-- doc-test: context
/// struct Todo { var title: String }
/// let todo = Todo(title: "Buy milk")
/// let capability = ColorCapability.none
/// -->
/// ```swift
/// var table = PlainTable(columns: [.init("ID", alignment: .right), .init("Title"),
///                                  .init("Due", style: .secondary)])
/// table.append(["7", todo.title, "2026-12-01"])
/// print(table.rendered(capability: capability), terminator: "")
/// ```
public struct PlainTable: Sendable {
  /// A column: its header, alignment and style.
  public struct Column: Sendable {
    /// Left or right alignment.
    public enum Alignment: Sendable { case left, right }
    /// The header text.
    public var title: String
    /// How cells are aligned.
    public var alignment: Alignment
    /// The cells' style when color is on.
    public var style: TextStyle

    /// Creates a column.
    ///
    /// - Parameters:
    ///   - title: The header.
    ///   - alignment: Left by default.
    ///   - style: The cells' style; plain by default.
    public init(_ title: String, alignment: Alignment = .left, style: TextStyle = .plain) {
      self.title = title
      self.alignment = alignment
      self.style = style
    }
  }

  /// The columns.
  public var columns: [Column]
  /// The rows, sanitized on ``append(_:)``.
  public private(set) var rows: [[String]] = []

  /// Creates an empty table.
  ///
  /// - Parameter columns: The columns.
  public init(columns: [Column]) { self.columns = columns }

  /// Adds a row; missing cells are empty, extra cells are dropped.
  ///
  /// - Parameter cells: The row's cells; sanitized to one line each.
  public mutating func append(_ cells: [String]) {
    rows.append(columns.indices.map { $0 < cells.count ? cells[$0].terminalSafe : "" })
  }

  /// The table as text: a header row, then one line per row, columns two spaces apart,
  /// no trailing spaces.
  ///
  /// - Parameters:
  ///   - capability: `none` writes no escape sequences at all.
  ///   - appearance: Light or dark.
  ///   - theme: Resolves palette roles.
  /// - Returns: The lines, each ending in a newline.
  public func rendered(
    capability: ColorCapability, appearance: Appearance = .dark, theme: Theme = .default
  ) -> String {
    let headers = columns.map { $0.title.terminalSafe }
    let widths = columns.indices.map { index in
      ([headers[index]] + rows.map { $0[index] }).map(\.terminalWidth).max() ?? 0
    }
    var output = ""
    for (rowIndex, cells) in ([headers] + rows).enumerated() {
      var line = ""
      for (index, cell) in cells.enumerated() {
        let gap = widths[index] - cell.terminalWidth
        let isLast = index == cells.count - 1
        let padding = String(repeating: " ", count: gap)
        let style = rowIndex == 0 ? TextStyle.bold : columns[index].style
        let text = StyledText(cell, style: style).rendered(
          capability: capability, appearance: appearance, theme: theme)
        switch columns[index].alignment {
        case .left: line += text + (isLast ? "" : padding)
        case .right: line += padding + text
        }
        if !isLast { line += "  " }
      }
      while line.last == " " { line.removeLast() }
      output += line + "\n"
    }
    return output
  }
}

/// Text in spans of styles for plain output; with color off it is just the text.
///
/// <!-- doc-test: context
/// let title = "Buy milk"
/// let capability = ColorCapability.none
/// -->
/// ```swift
/// let line = StyledText("✓ ", style: TextStyle(foreground: .role(.success))) + StyledText(title)
/// print(line.rendered(capability: capability))
/// ```
public struct StyledText: Sendable {
  /// The spans: text (sanitized) and its style.
  public private(set) var spans: [(text: String, style: TextStyle)]

  /// Creates one span.
  ///
  /// - Parameters:
  ///   - text: The text; sanitized to one line.
  ///   - style: Its style.
  public init(_ text: String, style: TextStyle = .plain) {
    spans = [(text.terminalSafe, style)]
  }

  /// Joins two styled texts.
  ///
  /// - Parameters:
  ///   - lhs: The first part.
  ///   - rhs: The second part.
  /// - Returns: Both, in order.
  public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
    var joined = lhs
    joined.spans += rhs.spans
    return joined
  }

  /// The text without styles.
  public var plainText: String { spans.map(\.text).joined() }

  /// The text with SGR for each styled span, reset after it; with capability `none`
  /// exactly ``plainText``, no escape sequences at all.
  ///
  /// - Parameters:
  ///   - capability: Which colors to emit.
  ///   - appearance: Light or dark.
  ///   - theme: Resolves palette roles.
  /// - Returns: The text to print.
  public func rendered(
    capability: ColorCapability, appearance: Appearance = .dark, theme: Theme = .default
  ) -> String {
    guard capability != .none else { return plainText }
    return spans.map { span in
      guard span.style != .plain, !span.text.isEmpty else { return span.text }
      let parameters = span.style.sgrParameters(
        theme: theme, capability: capability, appearance: appearance)
      return "\u{1b}[\(parameters)m" + span.text + "\u{1b}[0m"
    }.joined()
  }
}
