/// What an app's manual page says besides its commands and options, which come from
/// the spec: a longer description, the files it reads and writes, the environment
/// variables it reads beyond the kit's own, and the exit codes it uses.
///
/// <!-- doc-test: context
/// let appIdentity = AppIdentity(name: "todo", version: "1.0.0", family: "acme")
/// -->
/// ```swift
/// let spec = CommandLineSpec(identity: appIdentity, summary: "A list.", commands: [])
///   .withManualPage(
///     ManualPage(
///       files: [.init("$XDG_DATA_HOME/acme/todo/todos.json", "The list.")],
///       environment: [.init("EDITOR", "The editor 'todo edit' opens.")]))
/// ```
///
/// `APP --generate-manual` prints the page (see ``CommandLineSpec/manualPage()``).
public struct ManualPage: Sendable, Hashable {
  /// One item of a list: a file, a variable or an exit code, and what it is.
  public struct Entry: Sendable, Hashable {
    /// The path, name or number.
    public var term: String
    /// What it is, in a sentence or two.
    public var description: String

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - term: The path, name or number.
    ///   - description: What it is.
    public init(_ term: String, _ description: String) {
      self.term = term
      self.description = description
    }
  }

  /// Paragraphs after the summary in DESCRIPTION.
  public var description: [String]
  /// The files the app reads and writes (FILES).
  public var files: [Entry]
  /// Environment variables the app reads, listed after the kit's (ENVIRONMENT).
  public var environment: [Entry]
  /// The exit codes the app can end with (EXIT STATUS).
  public var exitCodes: [ExitCode]
  /// Related pages, e.g. `settings(1)` (SEE ALSO).
  public var seeAlso: [String]

  /// Creates a manual page's extra content.
  ///
  /// - Parameters:
  ///   - description: Paragraphs after the summary.
  ///   - files: The files the app reads and writes.
  ///   - environment: Variables the app reads beyond the kit's own.
  ///   - exitCodes: The exit codes the app can end with; by default every one the
  ///     runner can give.
  ///   - seeAlso: Related pages.
  public init(
    description: [String] = [], files: [Entry] = [], environment: [Entry] = [],
    exitCodes: [ExitCode] = ManualPage.runnerExitCodes, seeAlso: [String] = []
  ) {
    self.description = description
    self.files = files
    self.environment = environment
    self.exitCodes = exitCodes
    self.seeAlso = seeAlso
  }

  /// Every exit code ``CommandLineApp`` can end a run with.
  public static let runnerExitCodes: [ExitCode] = [
    .ok, .usage, .dataError, .noInput, .unavailable, .software, .cantCreate, .ioError,
    .tempFail, .interrupted,
  ]

  /// The variables the kit itself reads: colour choice and the XDG folders.
  static let kitEnvironment: [Entry] = [
    Entry("NO_COLOR", "When set and not empty, no color (unless --color always)."),
    Entry(
      "FORCE_COLOR",
      "0 turns color off; 1, 2 or 3 force 16 colors, 256 colors or true color, "
        + "even into a pipe (--color overrides it)."),
    Entry("COLORTERM", "truecolor or 24bit selects 24-bit color."),
    Entry("TERM", "dumb turns color off; a value containing 256color selects 256 colors."),
    Entry("HOME", "Where the XDG folders are when their variables are unset."),
    Entry("XDG_CONFIG_HOME", "Shared preferences (default ~/.config); a relative path is ignored."),
    Entry("XDG_DATA_HOME", "The app's data (default ~/.local/share); a relative path is ignored."),
    Entry("XDG_CACHE_HOME", "Caches (default ~/.cache); a relative path is ignored."),
  ]

  /// What each exit code means, for EXIT STATUS.
  static func meaning(of code: ExitCode) -> String {
    switch code {
    case .ok: "Success."
    case .usage: "Usage error, invalid value, or unknown id or key; nothing was changed."
    case .dataError: "Stored or imported data is corrupt; the file is left untouched and named."
    case .noInput: "An input file does not exist."
    case .unavailable: "A network fetch failed."
    case .software: "An internal error (a bug); please report it."
    case .cantCreate: "A file or folder cannot be created."
    case .ioError: "A file or standard output cannot be written; nothing is half-written."
    case .tempFail: "A lock could not be taken in time (another process holds it); try again."
    case .interrupted: "Interrupted."
    default: "See the app's documentation."
    }
  }
}

extension CommandLineSpec {
  /// The spec with `page`'s description, files, environment and exit codes for
  /// ``manualPage()``.
  ///
  /// - Parameter page: What the manual says besides commands and options.
  /// - Returns: A copy of the spec.
  public func withManualPage(_ page: ManualPage) -> CommandLineSpec {
    var copy = self
    copy.manual = page
    return copy
  }
}
