import Core
import Foundation
import Testing

@Suite("Theme, palette and scales")
struct ThemeTests {
  @Test("The default theme has no contrast issues in either appearance")
  func defaultContrast() {
    #expect(Theme.default.contrastIssues() == [])
  }

  @Test("A weak pair is listed with its appearance and ratio")
  func listsIssues() throws {
    var palette = Palette.standard
    palette.secondaryText = try ColorToken(parsing: "#5C5C63/#3A3A40")
    let issues = Theme(palette: palette).contrastIssues()
    #expect(issues.map(\.foreground) == [.secondaryText, .secondaryText])
    #expect(issues.map(\.background) == [.background, .surface])
    #expect(issues.allSatisfy { $0.appearance == .dark && $0.ratio < 4.5 })
    #expect(issues.first?.description.hasPrefix("secondaryText on background (dark): 1.") == true)
  }

  @Test("Density sets the spacing; md is 12 pt in the regular scale")
  func density() {
    #expect(Theme.default.spacing.md == 12)
    #expect(Theme(density: .compact).spacing.md == 8)
    #expect(Theme(density: .spacious).spacing.md == 16)
    #expect(Theme(density: .compact).density == .compact)
  }

  @Test(
    "Points map to whole cells, halves up",
    arguments: [
      (2.0, 0, 0), (4, 1, 0), (8, 1, 1), (12, 2, 1), (16, 2, 1), (24, 3, 2), (32, 4, 2),
      (0, 0, 0), (-5, 0, 0), (Double.infinity, 0, 0),
    ])
  func cells(points: Double, columns: Int, rows: Int) {
    #expect(SpacingScale.cells(points, axis: .horizontal) == columns)
    #expect(SpacingScale.cells(points, axis: .vertical) == rows)
  }

  @Test("A theme round-trips through JSON")
  func roundTrip() throws {
    var theme = Theme(density: .spacious)
    theme.palette.accent = try ColorToken(parsing: "#5E5CE6/#7D7AFF")
    theme.radius.large = 20
    let data = try JSONEncoder().encode(theme)
    #expect(try JSONDecoder().decode(Theme.self, from: data) == theme)
  }

  @Test("Decoding ignores unknown fields and defaults missing ones")
  func tolerantDecoding() throws {
    let json = """
      {"density": "compact", "future": {"x": 1},
       "palette": {"accent": "#FF0000", "sparkle": "#00FF00"},
       "radius": {"small": 2, "huge": 40}}
      """
    let theme = try JSONDecoder().decode(Theme.self, from: Data(json.utf8))
    var expected = Theme(density: .compact)
    expected.palette.accent = ColorToken(.init(red: 255, green: 0, blue: 0))
    expected.radius.small = 2
    #expect(theme == expected)
    #expect(try JSONDecoder().decode(Theme.self, from: Data("{}".utf8)) == .default)
  }

  @Test("A present but malformed part is an error, not a silent default")
  func malformedPart() {
    let json = ##"{"palette": {"accent": "#12345"}}"##
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Theme.self, from: Data(json.utf8))
    }
  }

  @Test("Palette roles can be read and replaced by name")
  func roles() throws {
    var palette = Palette.standard
    let red = try ColorToken(parsing: "#F00")
    for role in Palette.Role.allCases {
      palette[role] = red
      #expect(palette[role] == red)
    }
    #expect(palette.background == red && palette.separator == red)
  }
}
