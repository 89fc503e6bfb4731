// Inlinable so that an app's code specializes it: no generic metadata is built at run
// time for `todo list`'s few columns.

/// The columns of a list's row, declared once as data by the app's model and drawn by
/// every shell: a plain listing, a terminal list, a SwiftUI list.
///
/// A column says what it shows for an item, how wide it is, and how important it is
/// when the row is narrow; each shell decides where and how to draw it (the terminal
/// leaves out the least important columns first, SwiftUI shows the title as the
/// row's text and the rest under it).
///
/// <!-- doc-test: context
/// import BlueprintTodoModel  // the todo sample's TodoItem
/// func tags(_ item: TodoItem) -> String { "" }
/// -->
/// ```swift
/// let columns = ListColumns<TodoItem>([
///   ListColumn("Title", importance: .essential, width: .fill) { $0.title },
///   ListColumn("Tags", importance: .low, width: .content(minimum: 6)) { tags($0) },
///   ListColumn("Due", importance: .high, width: .fixed(10)) { $0.due?.description },
/// ])
/// ```
public struct ListColumns<Item>: Sendable {
  /// The columns, in the order the shells show them.
  public var columns: [ListColumn<Item>]

  /// Creates a row's declaration.
  ///
  /// - Parameter columns: The columns, in order; the first ``ListColumn/Width/fill``
  ///   column is the row's title.
  @inlinable public init(_ columns: [ListColumn<Item>]) { self.columns = columns }

  /// The row's title column: the first that fills, else the first.
  @inlinable public var title: ListColumn<Item>? {
    columns.first { $0.width == .fill } ?? columns.first
  }

  /// Every column but the title, in order.
  @inlinable public var details: [ListColumn<Item>] {
    guard let title = columns.firstIndex(where: { $0.width == .fill }) ?? columns.indices.first
    else { return [] }
    var rest = columns
    rest.remove(at: title)
    return rest
  }

  /// The strongest tone any column gives an item (danger over secondary over plain):
  /// for a shell that tints a whole row.
  ///
  /// - Parameter item: The item.
  /// - Returns: The row's tone.
  @inlinable public func tone(of item: Item) -> ListColumnTone {
    columns.lazy.map { $0.tone(item) }.max() ?? .plain
  }
}

/// One column of a ``ListColumns`` row.
public struct ListColumn<Item>: Sendable {
  /// How wide a column is.
  public enum Width: Sendable, Hashable {
    /// Always this many cells, padded: lines up from row to row.
    case fixed(Int)
    /// As wide as its widest text, cut when room is short, left out below `minimum`.
    case content(minimum: Int)
    /// The rest of the row: the title.
    case fill
  }

  /// The column's name, e.g. `Due`: for headers and accessibility.
  public var name: String
  /// How long the column stays when the row is narrow.
  public var importance: ListColumnImportance
  /// How wide it is.
  public var width: Width
  /// Its text for an item; nil when the item has no value there.
  public var text: @Sendable (Item) -> String?
  /// How its text looks for an item (an overdue date: danger).
  public var tone: @Sendable (Item) -> ListColumnTone

  /// Creates a column.
  ///
  /// - Parameters:
  ///   - name: The column's name.
  ///   - importance: How long it stays when the row is narrow.
  ///   - width: How wide it is.
  ///   - tone: How its text looks for an item; plain by default.
  ///   - text: Its text for an item, nil when there is none.
  @inlinable public init(
    _ name: String, importance: ListColumnImportance, width: Width,
    tone: @escaping @Sendable (Item) -> ListColumnTone = { _ in .plain },
    text: @escaping @Sendable (Item) -> String?
  ) {
    self.name = name
    self.importance = importance
    self.width = width
    self.tone = tone
    self.text = text
  }
}

/// How long a column stays when a row is narrow: the least important go first.
public struct ListColumnImportance: RawRepresentable, Sendable, Hashable, Comparable {
  /// Higher stays longer.
  public var rawValue: Int

  /// Creates an importance.
  ///
  /// - Parameter rawValue: Higher stays longer.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Never left out (the title).
  public static let essential = ListColumnImportance(rawValue: 1000)
  /// Left out last.
  public static let high = ListColumnImportance(rawValue: 300)
  /// Left out after the low ones.
  public static let medium = ListColumnImportance(rawValue: 200)
  /// Left out first.
  public static let low = ListColumnImportance(rawValue: 100)

  public static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}

/// What a column's text means for its look; each shell maps it to its theme's colours.
public enum ListColumnTone: Int, Sendable, Hashable, Comparable {
  /// The text colour.
  case plain
  /// Dimmed: something finished or less important.
  case secondary
  /// The danger colour: something late or wrong.
  case danger

  public static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}
