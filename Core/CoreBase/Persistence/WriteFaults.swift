#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A seam for tests: makes the file store's writes in one folder fail, or stop the
/// process, at a chosen step, so that what a failed or killed write leaves on disk
/// can be checked at every step without `strace`.
///
/// Nothing in the kit or the apps sets a plan; with none set a write pays one lock
/// and one dictionary look-up.
package enum WriteFaults {
  /// A step of ``POSIXFile/writeAtomically(_:to:keepsPrevious:durable:)``, in order.
  package enum Step: String, CaseIterable, Sendable {
    /// Creating the new temporary file.
    case createTemporary
    /// Writing the new contents into it.
    case fillTemporary
    /// Syncing it.
    case syncTemporary
    /// Giving the current contents a second name, to become `last-good`.
    case linkPrevious
    /// Renaming the new file over the old one: the commit.
    case commit
    /// Renaming the second name over `last-good`.
    case keepPrevious
    /// Syncing the folder.
    case syncFolder

    /// Whether the new contents are in place once this step has run.
    package var isAfterCommit: Bool {
      self == .keepPrevious || self == .syncFolder
    }
  }

  /// What happens at each step: `nil` to go on, or the `errno` the step fails with.
  /// The closure may also end the process, as a kill would.
  package struct Plan: Sendable {
    /// Called before each step.
    package var decide: @Sendable (Step) -> Int32?

    /// Creates a plan.
    package init(_ decide: @escaping @Sendable (Step) -> Int32?) { self.decide = decide }

    /// Throws the step's planned failure as a failed `call`.
    func check(_ step: Step, call: String) throws(SystemCallError) {
      if let code = decide(step) { throw SystemCallError(call: call, code: code) }
    }
  }

  private static let plans = Locked<[String: Plan]>([:])

  /// Sets the plan for writes to files in `folder` (a path with no trailing slash and
  /// no symbolic link in it), or removes it with `nil`.
  package static func set(_ plan: Plan?, forFolder folder: String) {
    plans.withLock { $0[folder] = plan }
  }

  /// The plan for `folder`, if a test set one.
  static func plan(for folder: String) -> Plan? {
    plans.withLock { $0.isEmpty ? nil : $0[folder] }
  }
}
