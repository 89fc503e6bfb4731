#if canImport(Glibc)
  import Core
  public import Foundation

  /// An app's interactive screen on a real pseudo-terminal while another process
  /// holds its store's lock: the choreography the apps' lock tests share.
  ///
  /// A ``StoreLockHolder`` takes the lock of `storeFolder`, the app opens on a new
  /// pseudo-terminal (its controlling terminal, so a resize signals it) and is sent
  /// the key that makes a change; the change must wait, and the screen must say
  /// `Working…`. Then either the test checks that the screen still answers — keys,
  /// a resize — and quits (``quitWhileWaiting(keys:resizedShows:)``), or it lets the
  /// lock go and waits for the change to show (``releaseWhileWaiting(savedShows:)``).
  /// Every wait is for screen content or an exit, never a sleep; the whole
  /// choreography runs on a thread of its own (Core's `offThePool`), off the
  /// test pool, because it blocks on processes.
  ///
  /// <!-- doc-test: context
  /// let product = try BuiltProduct("todo")
  /// let environment: [String: String] = [:]
  /// let folder = URL(fileURLWithPath: "/tmp/store")
  /// -->
  /// ```swift
  /// let scenario = StoreLockTerminal(
  ///   executable: product.url, environment: environment, storeFolder: folder,
  ///   ready: "Pay rent", change: " ")
  /// let quit = try await scenario.quitWhileWaiting(
  ///   keys: [.init("/", shows: "Search:")], resizedShows: "Buy milk")
  /// #expect(quit.exitCode == 75)
  /// ```
  public struct StoreLockTerminal: Sendable {
    /// A key to send while the change waits, and text that shows it was handled.
    public struct Key: Sendable {
      /// What to send, e.g. `"/"` or `"\r"`.
      public var send: String
      /// Text the screen writes in answer, e.g. `"Search:"`.
      public var shows: String

      /// A key and its answer.
      ///
      /// - Parameters:
      ///   - send: What to send.
      ///   - shows: Text the screen writes in answer.
      public init(_ send: String, shows: String) {
        self.send = send
        self.shows = shows
      }
    }

    /// How the app ended, what it wrote, and how the lock holder ended.
    public struct Outcome: Sendable {
      /// The app's exit code (`nil` when a signal ended it).
      public var exitCode: Int32?
      /// Everything the app wrote to the terminal, its last error lines included.
      public var output: String
      /// The lock holder's exit status (0 when it held and let go as asked).
      public var holderStatus: Int32
    }

    /// The app's executable.
    public var executable: URL
    /// Its arguments (none opens the interactive screen).
    public var arguments: [String]
    /// Its whole environment; the lock holder gets the same.
    public var environment: [String: String]
    /// The store's folder, whose lock the holder takes (it must exist).
    public var storeFolder: URL
    /// Text that says the screen is up.
    public var ready: String
    /// The keys that make the change that will wait for the lock.
    public var change: String

    /// Describes the scenario.
    ///
    /// - Parameters:
    ///   - executable: The app's executable.
    ///   - arguments: Its arguments.
    ///   - environment: Its whole environment (`TERM` set).
    ///   - storeFolder: The store's folder.
    ///   - ready: Text that says the screen is up.
    ///   - change: The keys that make a change.
    public init(
      executable: URL, arguments: [String] = [], environment: [String: String],
      storeFolder: URL, ready: String, change: String
    ) {
      self.executable = executable
      self.arguments = arguments
      self.environment = environment
      self.storeFolder = storeFolder
      self.ready = ready
      self.change = change
    }

    /// Makes the change while the lock is held, checks that each key is answered and
    /// that a resize repaints, then quits with the change still waiting.
    ///
    /// - Parameters:
    ///   - keys: Keys to send while the change waits, each with its answer.
    ///   - resizedShows: Text the screen repaints after a resize to 120×40.
    /// - Returns: How the app ended (an app that settles its work exits 75 and names
    ///   the change) and what it wrote.
    /// - Throws: When a process cannot start, or an answer or the exit does not come.
    public func quitWhileWaiting(keys: [Key], resizedShows: String) async throws -> Outcome {
      try await offThePool {
        try run { session in
          for key in keys {
            let mark = session.output.count
            session.send(key.send)
            try session.waitForOutput(key.shows, after: mark)
          }
          let mark = session.output.count
          session.setSize(columns: 120, rows: 40)
          try session.waitForOutput(resizedShows, after: mark)
        }
      }
    }

    /// Makes the change while the lock is held, lets the lock go, waits for the
    /// change to show, and quits.
    ///
    /// - Parameter savedShows: Text the screen writes once the change is saved.
    /// - Returns: How the app ended and what it wrote.
    /// - Throws: When a process cannot start, or the text or the exit does not come.
    public func releaseWhileWaiting(savedShows: String) async throws -> Outcome {
      try await offThePool {
        try run(releasingFirst: true) { session in
          try session.waitForOutput(savedShows)
        }
      }
    }

    /// Holds the lock, opens the app, makes the change, waits for `Working…`, then
    /// runs `meanwhile` (after letting go of the lock when `releasingFirst`), quits
    /// and lets go of the lock.
    private func run(
      releasingFirst: Bool = false, _ meanwhile: (PseudoTerminalSession) throws -> Void
    ) throws -> Outcome {
      let holder = try StoreLockHolder(folder: storeFolder, environment: environment)
      let session = try PseudoTerminalSession(
        executable.path, arguments, environment: environment, isControllingTerminal: true)
      try session.waitForOutput(ready)
      session.send(change)
      try session.waitForOutput("Working…")
      var holderStatus: Int32?
      if releasingFirst { holderStatus = try holder.release() }
      try meanwhile(session)
      session.send("q")
      let status = try session.waitForExit()
      if holderStatus == nil { holderStatus = try holder.release() }
      return Outcome(
        exitCode: status.exitCode, output: session.outputText, holderStatus: holderStatus ?? -1)
    }
  }
#endif
