/// "Did you mean …?" suggestions by edit distance.
///
/// Apps use it for their own names, e.g. a mistyped settings key:
/// `Suggestion.closest(to: "apperance", in: keys)` is `"appearance"`.
public enum Suggestion {
  /// The candidate closest to `word`, if it is close enough to be a likely typo.
  ///
  /// A word that only one candidate starts with (`--prio` for `--priority`, `imp`
  /// for `import`) suggests that candidate; otherwise the closest candidate within a
  /// small edit distance is suggested.
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: The valid names.
  /// - Returns: The likely meant candidate, or nil.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    if let abbreviated = uniqueExtension(of: word, in: candidates) { return abbreviated }
    let scored = candidates.map { ($0, distance(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let limit = Swift.max(1, Swift.min(2, word.count / 3 + 1))
    return best.1 <= limit && best.1 < best.0.count ? best.0 : nil
  }

  /// The one candidate that starts with `word`, when `word` has at least two
  /// letters besides leading dashes and no other candidate starts with it.
  private static func uniqueExtension(of word: String, in candidates: [String]) -> String? {
    guard word.drop(while: { $0 == "-" }).count >= 2 else { return nil }
    let extensions = candidates.filter { $0.hasPrefix(word) && $0 != word }
    return extensions.count == 1 ? extensions[0] : nil
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and
  /// transpositions of neighbours each cost 1.
  package static func distance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousRow: [Int] = []
    var row = Array(0...b.count)
    for i in 1...a.count {
      let beforePrevious = previousRow
      previousRow = row
      row = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        row[j] = Swift.min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          row[j] = Swift.min(row[j], beforePrevious[j - 2] + 1)
        }
      }
    }
    return row[b.count]
  }
}
