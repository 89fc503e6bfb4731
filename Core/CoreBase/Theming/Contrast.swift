import Foundation

/// WCAG 2.x contrast: relative luminance and contrast ratio.
///
/// Body text needs at least 4.5:1 against its background (WCAG AA);
/// black on white is 21:1, a color on itself 1:1.
public enum Contrast {
  /// The WCAG AA minimum for body text.
  public static let minimumTextRatio = 4.5

  /// The relative luminance of `color`, 0 (black) … 1 (white); alpha is ignored.
  ///
  /// - Parameter color: An sRGB color.
  /// - Returns: `0.2126 R + 0.7152 G + 0.0722 B` over linearized channels.
  public static func relativeLuminance(of color: RGBA) -> Double {
    0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
  }

  /// The contrast ratio of `foreground` drawn on `background`, 1 … 21.
  ///
  /// A translucent foreground is first blended over the background.
  ///
  /// - Parameters:
  ///   - foreground: The text color.
  ///   - background: The color underneath, treated as opaque.
  /// - Returns: `(L1 + 0.05) / (L2 + 0.05)` with `L1` the lighter luminance.
  public static func ratio(_ foreground: RGBA, on background: RGBA) -> Double {
    let first = relativeLuminance(of: foreground.composited(over: background))
    let second = relativeLuminance(of: background)
    return (max(first, second) + 0.05) / (min(first, second) + 0.05)
  }

  private static func linear(_ channel: UInt8) -> Double {
    let value = Double(channel) / 255
    return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
  }
}
