internal import BlueprintSamplesShared
internal import CoreBase

// MARK: - The registry

extension Setting {
  /// Every setting, in the order `list` and the editor show them.
  ///
  /// To add a setting: add its field to ``SharedSettings``
  /// (Apps/Shared/BlueprintSamplesShared) so the apps can read it, then declare it here
  /// with its key, type, default and summary.
  package static let all: [Setting] =
    [
      Setting(
        SharedSettings.Key.displayName, .text(length: 1...64), default: nil,
        summary: "The name the apps greet you with (todo's header says hello to it).",
        at: \.displayName),
      Setting(
        SharedSettings.Key.notifications, .bool, default: true,
        summary:
          "Whether the apps tell you about news: feed announces new items after a refresh "
          + "and rings the terminal bell.",
        at: \.notifications),
      Setting(
        SharedSettings.Key.appearance, .choice([Appearance.system, .light, .dark]),
        default: .system,
        summary: "Light or dark colors; system follows the terminal (COLORFGBG).",
        at: \.appearance),
    ]
    + Palette.Role.allCases.map { role in
      Setting(
        SharedSettings.Key.palette(role), .color, default: Palette.standard[role],
        summary: paletteSummaries[role] ?? "A palette color.", at: \.palette[role])
    }
    + [
      Setting(
        SharedSettings.Key.density, .choice([Density.compact, .regular, .spacious]),
        default: .regular, summary: "How much space the apps leave between things.",
        at: \.density)
    ]

  /// Every key, in ``all``'s order.
  package static let keys = all.map(\.key)

  /// The setting with `key`.
  ///
  /// - Parameter key: A key as typed, e.g. `theme.accent`.
  /// - Returns: The setting.
  /// - Throws: ``SettingError/unknownKey(_:suggestion:)`` with the closest key.
  package static func named(_ key: String) throws(SettingError) -> Setting {
    if let setting = all.first(where: { $0.key == key }) { return setting }
    throw .unknownKey(key, suggestion: suggestion(for: key))
  }

  /// The key closest to a mistyped one, if one is close.
  ///
  /// - Parameter key: What the user typed.
  /// - Returns: A key, e.g. `appearance` for `apperance`.
  package static func suggestion(for key: String) -> String? {
    if let exact = keys.first(where: { $0.lowercased() == key.lowercased() }) { return exact }
    if let closest = Suggestion.closest(to: key, in: keys) { return closest }
    // `accent` or `theme.background`: the palette key that ends the same way.
    let last = (key.split(separator: ".").last.map(String.init) ?? key).lowercased()
    return keys.first { $0.split(separator: ".").last.map { $0.lowercased() } == last }
  }

  private static let paletteSummaries: [Palette.Role: String] = [
    .background: "The screen background.",
    .surface: "Raised areas: bars, cards, the selected row.",
    .text: "Body text.",
    .secondaryText: "Less important text: captions, dates, hints.",
    .accent: "Links, focus and selection.",
    .success: "Things that succeeded or are done.",
    .warning: "Things that need attention.",
    .danger: "Failures and destructive actions.",
    .separator: "Lines between areas.",
  ]
}
