internal import CoreBase
internal import Foundation

/// The name of a folder a feed is filed in (`feed add --folder`, `feed move`, an OPML
/// folder outline, a sync server's label).
///
/// One level deep, as Google Reader API servers keep folders: a feed is in one folder
/// or none. A name is trimmed of white space; it must not be empty, is at most
/// ``maximumLength`` characters, and carries no controls, bidi controls or line
/// separators (it is shown in lists and sent to servers as a label).
package enum FeedFolder {
  /// The most characters a folder name has: a label every server keeps whole.
  package static let maximumLength = 100

  /// `text` trimmed, if it is a folder name.
  ///
  /// - Parameter text: The name as typed or read.
  /// - Returns: The name without surrounding white space.
  /// - Throws: ``FeedFolderError`` saying what is wrong with it.
  package static func validated(_ text: String) throws(FeedFolderError) -> String {
    let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw .empty }
    let hidden = name.unicodeScalars.first { $0.invisibleKind.map(refused.contains) ?? false }
    if let hidden { throw .invisibleCharacter(hidden) }
    guard name.count <= maximumLength else { throw .tooLong(name.count) }
    return name
  }

  /// Whether `name` is a folder name as stored: valid, and already trimmed.
  static func isValid(_ name: String) -> Bool {
    (try? validated(name)) == name
  }

  /// The invisible characters a name may not carry; zero-width joiners stay, as emoji
  /// sequences need them.
  private static let refused: Set<InvisibleCharacter> = [.control, .bidiControl, .lineSeparator]
}

/// Why a text is not a folder name.
package enum FeedFolderError: Error, Equatable, CustomStringConvertible {
  /// Nothing but white space.
  case empty
  /// A control, bidi control or line separator.
  case invisibleCharacter(Unicode.Scalar)
  /// More than ``FeedFolder/maximumLength`` characters (how many).
  case tooLong(Int)

  /// A one-line message.
  package var description: String {
    switch self {
    case .empty:
      "a folder name cannot be empty"
    case .invisibleCharacter(let scalar):
      "a folder name cannot contain the invisible character "
        + InvisibleCharacter.escaping(String(scalar))
    case .tooLong(let count):
      "a folder name has at most \(FeedFolder.maximumLength) characters, not \(count)"
    }
  }
}
