/// What a two-way sync does with one thing — an item, a subscription, a mark, a field —
/// decided from the value both sides last agreed on and each side's value now (`nil`:
/// absent, never synced or deleted).
///
/// The rule of every sync the kit runs, whatever the protocol: a side that still holds
/// the agreed value takes the other side's; a change wins over a deletion; a value new
/// on one side goes to the other; changed on both sides to different values (or new on
/// both), the app merges. ``SyncEngine`` decides each item of its ``SyncRemote`` with it
/// (todo's CalDAV tasks); ``SyncFlags`` each flag of many items (feed's read and starred
/// marks); feed's Google Reader sync its subscriptions and folders.
///
/// ```swift
/// let edited = SyncDecision(base: "a", local: "a", remote: "b")  // .take("b")
/// let removed = SyncDecision(base: "a", local: nil, remote: "a")  // .deleteThere
/// let kept = SyncDecision(base: "a", local: "c", remote: nil)  // .send("c"): the change wins
/// let read = SyncDecision(base: false, local: true, remote: false)
///   .resolved { here, _ in here }  // true
/// ```
public enum SyncDecision<Value: Equatable>: Equatable {
  /// Both sides hold the same value (`nil`: both deleted it): nothing to send or take.
  case agree(Value?)
  /// Bring the server's value here: new or changed there and unchanged here, or
  /// changed there and deleted here.
  case take(Value)
  /// Send this side's value: new or changed here and unchanged there, or changed here
  /// and deleted there.
  case send(Value)
  /// Delete it here: deleted there, unchanged here.
  case deleteHere
  /// Delete it on the server: deleted here, unchanged there.
  case deleteThere
  /// Changed on both sides to different values, or new on both: the app merges them.
  case merge(local: Value, remote: Value)

  /// Decides from `base`, the value both sides last agreed on (`nil`: never synced),
  /// and each side's value now.
  public init(base: Value?, local: Value?, remote: Value?) {
    switch (local, remote) {
    case _ where local == remote: self = .agree(local)
    case (let local?, let remote?):
      if base == local {
        self = .take(remote)
      } else if base == remote {
        self = .send(local)
      } else {
        self = .merge(local: local, remote: remote)
      }
    case (nil, let remote?): self = base == remote ? .deleteThere : .take(remote)
    case (let local?, nil): self = base == local ? .deleteHere : .send(local)
    case (nil, nil): self = .agree(nil)
    }
  }

  /// The value both sides hold once the decision is carried out, `nil` for a deletion;
  /// `merge` settles what changed on both sides.
  public func resolved(merge: (_ local: Value, _ remote: Value) -> Value) -> Value? {
    switch self {
    case .agree(let value): value
    case .take(let value), .send(let value): value
    case .deleteHere, .deleteThere: nil
    case .merge(let local, let remote): merge(local, remote)
    }
  }

  /// Whether carrying it out deletes something here.
  public var deletesHere: Bool { self == .deleteHere }

  /// Whether carrying it out deletes something on the server.
  public var deletesThere: Bool { self == .deleteThere }
}

extension SyncDecision: Sendable where Value: Sendable {}
