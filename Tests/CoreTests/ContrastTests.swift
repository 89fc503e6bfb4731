import Core
import Testing

@Suite("Contrast")
struct ContrastTests {
  @Test("Known luminances")
  func luminance() {
    #expect(Contrast.relativeLuminance(of: .black) == 0)
    #expect(abs(Contrast.relativeLuminance(of: .white) - 1) < 1e-12)
    let grey = RGBA(red: 0x77, green: 0x77, blue: 0x77)
    #expect(abs(Contrast.relativeLuminance(of: grey) - 0.1845) < 0.0005)
  }

  @Test(
    "Known contrast ratios",
    arguments: [
      ("#000000", "#FFFFFF", 21.0),
      ("#FFFFFF", "#000000", 21.0),
      ("#FFFFFF", "#FFFFFF", 1.0),
      ("#777777", "#FFFFFF", 4.48),
      ("#767676", "#FFFFFF", 4.54),
      ("#0000FF", "#FFFFFF", 8.59),
      ("#FF0000", "#FFFFFF", 4.0),
    ])
  func ratios(foreground: String, background: String, expected: Double) throws {
    let ratio = Contrast.ratio(
      try RGBA(parsing: foreground), on: try RGBA(parsing: background))
    #expect(abs(ratio - expected) < 0.01, "got \(ratio)")
  }

  @Test("A translucent foreground is blended over the background first")
  func translucent() throws {
    let halfBlack = try RGBA(parsing: "#00000080")
    let blended = halfBlack.composited(over: .white)
    #expect(blended == RGBA(red: 127, green: 127, blue: 127))
    #expect(Contrast.ratio(halfBlack, on: .white) == Contrast.ratio(blended, on: .white))
  }
}
