import Core
import CoreTerminal

/// Rows for Core/CoreBase/Theming: what the terminal renderer pays per styled span.
enum ThemingBenchmarks {
  static let suite = BenchmarkSuite(name: "theming") {
    let tokens = (0..<64).map(makeToken)
    let cursor = Locked(0)
    @Sendable func next() -> ColorToken {
      tokens[
        cursor.withLock { value in
          value = (value + 1) % tokens.count
          return value
        }]
    }
    return [
      BenchmarkRow(
        "theming/sgr-truecolor", iterations: 20_000, goal: 1.5,
        ours: {
          _ = next().sgrSequence(.foreground, capability: .trueColor, appearance: .dark)
        },
        baselineName: "string interpolation",
        baseline: {
          let color = next().dark
          _ = "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
        }),
      BenchmarkRow(
        "theming/sgr-256", iterations: 20_000, goal: 1.0,
        ours: {
          _ = next().sgrSequence(.background, capability: .ansi256, appearance: .light)
        },
        baselineName: "brute-force nearest of 240",
        baseline: {
          _ = "\u{1B}[48;5;\(bruteForceNearest(next().light))m"
        }),
    ]
  }

  /// A token whose colors spread over the RGB cube.
  static func makeToken(_ index: Int) -> ColorToken {
    let step = UInt8(index)
    let light = RGBA(red: step &* 4, green: 255 &- step &* 3, blue: step &* 2)
    let dark = RGBA(red: 255 &- step, green: step &* 3, blue: 128 &+ step)
    return ColorToken(light: light, dark: dark)
  }

  /// The nearest of xterm colors 16–255 by checking all of them.
  static func bruteForceNearest(_ color: RGBA) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    var best = 16
    var bestDistance = Int.max
    for index in 16..<256 {
      let value: (Int, Int, Int)
      if index < 232 {
        let cube = index - 16
        value = (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
      } else {
        let grey = 8 + 10 * (index - 232)
        value = (grey, grey, grey)
      }
      let red = Int(color.red) - value.0
      let green = Int(color.green) - value.1
      let blue = Int(color.blue) - value.2
      let distance = red * red + green * green + blue * blue
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return best
  }
}
