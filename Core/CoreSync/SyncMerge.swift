public import Foundation

/// The three-way merge of one item's records, field by field.
public enum SyncMerge {
  /// The outcome of a merge.
  public struct Outcome: Hashable, Sendable {
    /// The merged record.
    public var record: SyncRecord
    /// Fields both sides changed to different values.
    public var conflicts: [SyncConflict]
  }

  /// Merges `local` and `remote` against `base`, the record both last agreed on.
  ///
  /// A field changed on one side takes that side's value; changed on both to the same
  /// value, that value; changed on both to different values, the newer side's (the
  /// later of `localModified` and `remoteModified`; an unknown time counts as older
  /// than any known one, and a tie keeps the local value), reported as a conflict.
  /// With no base (an item met on both sides for the first time), every field that
  /// differs counts as changed on both.
  public static func merge(
    localID: String, base: SyncRecord?, local: SyncRecord, localModified: Date?,
    remote: SyncRecord, remoteModified: Date?
  ) -> Outcome {
    let localWins = (localModified ?? .distantPast) >= (remoteModified ?? .distantPast)
    var record: SyncRecord = [:]
    var conflicts: [SyncConflict] = []
    let fields = Set(local.keys).union(remote.keys).union(base?.keys ?? [:].keys).sorted()
    for field in fields {
      let l = local[field]
      let r = remote[field]
      let value: String?
      if l == r {
        value = l
      } else if let base, base[field] == l {
        value = r
      } else if let base, base[field] == r {
        value = l
      } else {
        value = localWins ? l : r
        conflicts.append(
          SyncConflict(
            localID: localID, field: field, kept: value, replaced: localWins ? r : l,
            keptLocal: localWins))
      }
      if let value { record[field] = value }
    }
    return Outcome(record: record, conflicts: conflicts)
  }
}
