#if canImport(SwiftUI)
  public import Core
  import Foundation
  public import SwiftUI

  extension View {
    /// Pads the view by a step of the theme's spacing scale.
    ///
    /// ```swift
    /// Text("Padded").padding(.all, \.md)  // 12 pt in the regular scale
    /// ```
    ///
    /// - Parameters:
    ///   - edges: The edges to pad.
    ///   - step: The step, e.g. `\.md`.
    /// - Returns: The padded view.
    public func padding(_ edges: Edge.Set = .all, _ step: KeyPath<SpacingScale, Double>)
      -> some View
    {
      modifier(ScalePadding(edges: edges, step: step))
    }

    /// Clips the view to a rounded rectangle whose radius is a step of the theme's
    /// radius scale.
    ///
    /// ```swift
    /// Image("avatar").cornerRadius(\.medium)
    /// ```
    ///
    /// - Parameter step: The step, e.g. `\.medium`.
    /// - Returns: The clipped view.
    public func cornerRadius(_ step: KeyPath<RadiusScale, Double>) -> some View {
      modifier(ScaleCornerRadius(step: step))
    }
  }

  private struct ScalePadding: ViewModifier {
    @Environment(\.theme) private var theme
    let edges: Edge.Set
    let step: KeyPath<SpacingScale, Double>

    func body(content: Content) -> some View {
      content.padding(edges, CGFloat(theme.spacing[keyPath: step]))
    }
  }

  private struct ScaleCornerRadius: ViewModifier {
    @Environment(\.theme) private var theme
    let step: KeyPath<RadiusScale, Double>

    func body(content: Content) -> some View {
      content.clipShape(
        RoundedRectangle(cornerRadius: CGFloat(theme.radius[keyPath: step]), style: .continuous))
    }
  }
#endif
