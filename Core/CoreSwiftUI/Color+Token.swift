#if canImport(SwiftUI)
  public import Core
  import Foundation
  public import SwiftUI
  #if canImport(UIKit)
    import UIKit
  #elseif canImport(AppKit)
    import AppKit
  #endif

  extension Color {
    /// A color that follows the colour scheme: the token's light color in light mode,
    /// its dark color in dark mode, changing when the scheme changes.
    ///
    /// On watchOS, which is always dark, it is the dark color.
    ///
    /// ```swift
    /// Text("Hello").foregroundStyle(Color(token: theme.palette.accent))
    /// ```
    ///
    /// - Parameter token: The token.
    public init(token: ColorToken) {
      #if canImport(UIKit) && !os(watchOS)
        self.init(
          uiColor: UIColor { traits in
            UIColor(rgba: traits.userInterfaceStyle == .dark ? token.dark : token.light)
          })
      #elseif canImport(AppKit)
        self.init(
          nsColor: NSColor(name: nil) { appearance in
            let isDark = appearance.bestMatch(from: [.darkAqua, .aqua]) == .darkAqua
            return NSColor(rgba: isDark ? token.dark : token.light)
          })
      #else
        self.init(rgba: token.dark)
      #endif
    }

    /// A fixed color.
    ///
    /// - Parameter rgba: The color's components.
    public init(rgba: RGBA) {
      self.init(
        .sRGB, red: Double(rgba.red) / 255, green: Double(rgba.green) / 255,
        blue: Double(rgba.blue) / 255, opacity: Double(rgba.alpha) / 255)
    }
  }

  #if canImport(UIKit) && !os(watchOS)
    extension UIColor {
      fileprivate convenience init(rgba: RGBA) {
        self.init(
          red: CGFloat(rgba.red) / 255, green: CGFloat(rgba.green) / 255,
          blue: CGFloat(rgba.blue) / 255, alpha: CGFloat(rgba.alpha) / 255)
      }
    }
  #elseif canImport(AppKit)
    extension NSColor {
      fileprivate convenience init(rgba: RGBA) {
        self.init(
          srgbRed: CGFloat(rgba.red) / 255, green: CGFloat(rgba.green) / 255,
          blue: CGFloat(rgba.blue) / 255, alpha: CGFloat(rgba.alpha) / 255)
      }
    }
  #endif
#endif
