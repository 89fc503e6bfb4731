internal import BlueprintSamplesShared
internal import BlueprintSettingsModel
internal import CoreBase

/// The contrast pairs a palette change left under the minimum.
///
/// `settings set` and the interactive editor word the same warning from this one
/// reading; the value is kept either way, as the user may be mid-way through a
/// palette.
struct ContrastWarning: Equatable {
  /// The weak pairs that involve the role just set, light first.
  let issues: [ContrastIssue]

  /// The weak pairs involving the palette role `key` names.
  ///
  /// - Parameters:
  ///   - key: The setting just changed, e.g. `theme.palette.text`.
  ///   - theme: The theme after the change.
  ///
  /// `nil` when `key` is not a palette role or every pair with it is strong enough.
  init?(afterSetting key: String, in theme: Theme) {
    guard let role = Palette.Role.allCases.first(where: { SharedSettings.Key.palette($0) == key })
    else { return nil }
    let issues = theme.contrastIssues().filter { $0.foreground == role || $0.background == role }
    guard !issues.isEmpty else { return nil }
    self.issues = issues
  }

  /// e.g. `1 pair under 4.50:1 now: danger on background (light) 1.00:1`.
  var message: String {
    let minimum = ThemePreview.format(Contrast.minimumTextRatio)
    let pairs = issues.map {
      "\($0.foreground.rawValue) on \($0.background.rawValue) (\($0.appearance.rawValue)) "
        + "\(ThemePreview.format($0.ratio)):1"
    }
    return "\(issues.count) pair\(issues.count == 1 ? "" : "s") under \(minimum):1 now: "
      + pairs.joined(separator: ", ")
  }
}
