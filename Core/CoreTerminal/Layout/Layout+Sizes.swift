import CoreBase

extension Layout {
  /// The size of each area along the axis for a given length, before positioning.
  ///
  /// - Parameter length: The cells to share, spacing included.
  /// - Returns: One size per constraint; their sum plus the spacing never exceeds
  ///   `length` (spacing is kept even when nothing else fits).
  public func sizes(for length: Int) -> [Int] {
    let gaps = spacing * Swift.max(0, constraints.count - 1)
    let total = Swift.max(0, length - gaps)
    var sizes = baseSizes(total: total)
    var excess = sizes.reduce(0, +) - total
    if excess > 0 {
      // Ratios give way first, then minimums, then fixed sizes; each from the last.
      for yields in [Kind.ratio, .minimum, .fixed] where excess > 0 {
        for index in constraints.indices.reversed() where excess > 0 {
          guard Kind(constraints[index]) == yields else { continue }
          let cut = Swift.min(sizes[index], excess)
          sizes[index] -= cut
          excess -= cut
        }
      }
      return sizes
    }
    var left = -excess
    for (index, constraint) in constraints.enumerated() where left > 0 {
      guard case .maximum(let limit) = constraint else { continue }
      let grown = Swift.min(Swift.max(0, limit), left)
      sizes[index] += grown
      left -= grown
    }
    var weights = constraints.map { constraint -> Int in
      if case .fill(let weight) = constraint { return Swift.max(0, weight) }
      return 0
    }
    if weights.allSatisfy({ $0 == 0 }) {
      weights = constraints.map { Kind($0) == .minimum ? 1 : 0 }
    }
    for (index, share) in Self.shares(of: left, weights: weights).enumerated() {
      sizes[index] += share
    }
    return sizes
  }

  /// What each constraint asks for before the rest is handed out.
  private func baseSizes(total: Int) -> [Int] {
    var sizes = constraints.map { constraint -> Int in
      switch constraint {
      case .fixed(let size), .minimum(let size): Swift.max(0, size)
      case .ratio(let numerator, let denominator):
        denominator > 0 ? Swift.max(0, total * numerator / denominator) : 0
      case .maximum, .fill: 0
      }
    }
    // The cells the ratios' rounding down lost go to the largest remainders.
    var remainders: [(index: Int, remainder: Int, denominator: Int)] = []
    var lost = 0.0
    for (index, constraint) in constraints.enumerated() {
      guard case .ratio(let numerator, let denominator) = constraint, denominator > 0,
        numerator > 0
      else { continue }
      let remainder = total * numerator % denominator
      remainders.append((index, remainder, denominator))
      lost += Double(remainder) / Double(denominator)
    }
    let extra = Int((lost + 1e-9).rounded(.down))
    let largest = remainders.enumerated().sorted { left, right in
      let (a, b) = (left.element, right.element)
      let (first, second) = (a.remainder * b.denominator, b.remainder * a.denominator)
      return first != second ? first > second : left.offset < right.offset
    }
    for entry in largest.prefix(extra) { sizes[entry.element.index] += 1 }
    return sizes
  }

  /// `cells` shared in proportion to `weights`: each gets its rounded-down share, and
  /// the cells that rounding lost go to the largest remainders, earlier ones first.
  static func shares(of cells: Int, weights: [Int]) -> [Int] {
    let sum = weights.reduce(0, +)
    guard sum > 0, cells > 0 else { return weights.map { _ in 0 } }
    var shares = weights.map { cells * $0 / sum }
    let remainders = weights.enumerated().map { (index: $0.offset, rest: cells * $0.element % sum) }
    let lost = cells - shares.reduce(0, +)
    let order = remainders.sorted { $0.rest != $1.rest ? $0.rest > $1.rest : $0.index < $1.index }
    for entry in order.prefix(lost) { shares[entry.index] += 1 }
    return shares
  }

  /// The constraints grouped by how they give way.
  private enum Kind {
    case fixed, minimum, ratio, flexible

    init(_ constraint: LayoutConstraint) {
      switch constraint {
      case .fixed: self = .fixed
      case .minimum: self = .minimum
      case .ratio: self = .ratio
      case .maximum, .fill: self = .flexible
      }
    }
  }
}
