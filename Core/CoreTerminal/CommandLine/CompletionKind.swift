/// What a shell offers on Tab for an option's value or a positional argument.
///
/// The generated completion scripts (`APP --generate-completion-script bash|zsh|fish`)
/// read it from the spec, so they never drift from the parser.
///
/// <!-- doc-test: context
/// struct ImportOptions: CommandOptions {
/// // after the block:
/// }
/// -->
/// ```swift
/// @Option(
///   "priority", valueName: "level", help: "low, medium or high.",
///   completion: .list(["low", "medium", "high"]))
/// var priority: String?
/// @Argument("file", help: "A JSON file.", completion: .file) var file: String
/// @Argument(
///   "id", help: "The todo's id.",
///   completion: .shellCommand("todo list --all --color never | awk '{print $1}'"))
/// var id: String
/// ```
public struct CompletionKind: Sendable, Hashable {
  enum Storage: Sendable, Hashable {
    case none
    case list([String])
    case file
    case directory
    case shellCommand(String)
  }

  let storage: Storage

  /// Nothing to offer: the user types the value (a title, a date).
  public static let none = CompletionKind(storage: .none)
  /// Paths of files (and folders on the way to them).
  public static let file = CompletionKind(storage: .file)
  /// Paths of folders.
  public static let directory = CompletionKind(storage: .directory)

  /// A fixed set of words, e.g. `["auto", "always", "never"]`.
  ///
  /// - Parameter values: The words offered, in order.
  /// - Returns: The completion.
  public static func list(_ values: [String]) -> CompletionKind {
    CompletionKind(storage: .list(values))
  }

  /// The lines a shell command prints, e.g. the ids of the app's own items.
  ///
  /// The command runs in the user's shell each time Tab is pressed, with its standard
  /// error discarded; keep it quick and give it `--color never`. The command's
  /// arguments before the cursor are its `$1`, `$2`, … (in zsh, the words after the
  /// command that do not start with `-`), so that a value can depend on a key:
  /// `case "$1" in appearance) echo light dark system ;; esac`.
  ///
  /// - Parameter command: A POSIX shell command; each line of its output is offered.
  /// - Returns: The completion.
  public static func shellCommand(_ command: String) -> CompletionKind {
    CompletionKind(storage: .shellCommand(command))
  }
}

extension OptionSpec {
  /// The option with `completion` for its value.
  ///
  /// - Parameter completion: What a shell offers for the value.
  /// - Returns: A copy of the option.
  public func completing(_ completion: CompletionKind) -> OptionSpec {
    var copy = self
    copy.completion = completion
    return copy
  }
}

extension ArgumentSpec {
  /// The argument with `completion` for its values.
  ///
  /// - Parameter completion: What a shell offers for it.
  /// - Returns: A copy of the argument.
  public func completing(_ completion: CompletionKind) -> ArgumentSpec {
    var copy = self
    copy.completion = completion
    return copy
  }
}
