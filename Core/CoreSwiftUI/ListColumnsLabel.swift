#if canImport(SwiftUI)
  public import Core
  public import SwiftUI

  /// A list row's text from its declared columns (``ListColumns``): the title column as
  /// the row's text, the other columns that have a value under it as a caption, each
  /// in its tone's colour from the theme.
  ///
  /// ```swift
  /// List(todos) { ListColumnsLabel($0, columns: TodoField.listRow(today: today)) }
  /// ```
  public struct ListColumnsLabel<Item>: View {
    private let item: Item
    private let columns: ListColumns<Item>
    @Environment(\.theme) private var theme

    /// Creates the label of one row.
    ///
    /// - Parameters:
    ///   - item: The row's item.
    ///   - columns: The row's declaration.
    public init(_ item: Item, columns: ListColumns<Item>) {
      self.item = item
      self.columns = columns
    }

    public var body: some View {
      let details = columns.details.compactMap { column -> (String, ListColumnTone)? in
        guard let text = column.text(item), !text.isEmpty else { return nil }
        return (text, column.tone(item))
      }
      VStack(alignment: .leading) {
        if let title = columns.title {
          Text(title.text(item) ?? "")
            .foregroundStyle(Color(token: color(title.tone(item), plain: theme.palette.text)))
        }
        if !details.isEmpty {
          HStack {
            ForEach(Array(details.enumerated()), id: \.offset) { entry in
              Text(entry.element.0)
                .font(.caption)
                .foregroundStyle(
                  Color(token: color(entry.element.1, plain: theme.palette.secondaryText)))
            }
          }
        }
      }
    }

    private func color(_ tone: ListColumnTone, plain: ColorToken) -> ColorToken {
      switch tone {
      case .plain: plain
      case .secondary: theme.palette.secondaryText
      case .danger: theme.palette.danger
      }
    }
  }
#endif
