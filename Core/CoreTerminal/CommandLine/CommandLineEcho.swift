import CoreBase

/// Shows text the user typed (an argument, a key, a path) inside a message.
///
/// Messages must show what was typed, not a cleaned-up version of it: an argument
/// `$'add\x01'` is reported as `unknown command 'add\x01'`, never as `'add'`, which
/// would look like a valid command. Every invisible character (Core's
/// `InvisibleCharacter`: controls, bidi controls, separators, zero-width characters)
/// is written as an escape (`\x01`, `\n`, `\u202E`), so the message can
/// neither drive the terminal nor reorder itself, and a very long text is cut.
///
/// <!-- doc-test: skip a fragment: `word` comes from its surroundings -->
/// ```swift
/// throw AppError("unknown command '\(CommandLineEcho.quote(word))'")
/// ```
public enum CommandLineEcho {
  /// How many characters of an echoed text are shown before it is cut with `…`.
  public static let defaultLimit = 60

  /// `text` with invisible and controlling characters escaped, cut after `limit`
  /// characters.
  ///
  /// - Parameters:
  ///   - text: What the user typed or a file held.
  ///   - limit: How many characters to show; a longer text is cut and ends in `…`.
  /// - Returns: One printable line.
  public static func quote(_ text: String, limit: Int = defaultLimit) -> String {
    InvisibleCharacter.escaping(text, limit: limit)
  }

  /// `text` as one word of a command the user may paste into a shell: as is when it is
  /// plain (letters, digits, `/._-+,:@%`), else in single quotes.
  ///
  /// <!-- doc-test: skip a fragment of a call: `name` and `path` come from its surroundings -->
  /// ```swift
  /// hint: "'\(name) import \(CommandLineEcho.shellWord(path))' reads it"
  /// ```
  public static func shellWord(_ text: String) -> String { CoreBase.ShellQuote.quote(text) }
}
