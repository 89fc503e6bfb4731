import Foundation

/// Why a store could not read, write or find a value.
///
/// Every case has a one-line ``message`` a command-line tool can print as is, an
/// optional ``hint`` with the next step, the ``exitCode`` the command-line
/// conventions assign to it (sysexits), and the ``underlying`` cause where there is one.
///
/// <!-- doc-test: context
/// let store = InMemoryKeyValueStore()
/// let items = ["milk"]
/// -->
/// ```swift
/// do {
///   try store.set(items, forKey: "todos")
/// } catch let error as PersistenceError {
///   print("todo: error: \(error.message)")
///   exit(error.exitCode)
/// }
/// ```
public enum PersistenceError: Error, CustomStringConvertible {
  /// The key is empty, too long, or could escape the store's folder. Exit 64.
  case invalidKey(key: String, reason: String)
  /// The stored bytes do not decode; the file was left untouched. Exit 65.
  case corrupted(key: String, path: String, underlying: any Error)
  /// The stored value has a schema version this build cannot read. Exit 65.
  case unsupportedVersion(key: String, path: String, found: Int, supported: Int)
  /// The value could not be encoded; nothing was written. Exit 64.
  case cannotEncode(key: String, underlying: any Error)
  /// Another process held the store's lock for longer than the timeout. Exit 75.
  case lockTimeout(path: String, timeout: Duration)
  /// The store's folder could not be created. Exit 73.
  case cannotCreateFolder(path: String, underlying: any Error)
  /// The store's folder, or one above it, can be changed by another user, so the
  /// store refuses to use it. Exit 73.
  ///
  /// `reason` says what is wrong (`other users can write to it (mode 0777)`), `fix`
  /// how to fix it (`chmod 700 PATH`).
  case unsafeFolder(path: String, reason: String, fix: String)
  /// The value could not be written; the previous value is still in place — unless
  /// the underlying cause says a step after the commit failed (the folder's sync, or
  /// keeping the version before it), when the new value is. Exit 74.
  case cannotWrite(key: String, path: String, underlying: any Error)
  /// The stored value exists but could not be read. Exit 74.
  case cannotRead(key: String, path: String, underlying: any Error)

  /// One line, suitable after `APP: error: `.
  public var message: String {
    switch self {
    case .invalidKey(let key, let reason):
      return "invalid key '\(key)': \(reason)"
    case .corrupted(let key, let path, let underlying):
      return
        "stored value for '\(key)' is corrupt (\(Self.summary(of: underlying))); left untouched: \(path)"
    case .unsupportedVersion(let key, let path, let found, let supported):
      return
        "stored value for '\(key)' has schema version \(found); this build reads up to \(supported): \(path)"
    case .cannotEncode(let key, let underlying):
      return "cannot encode the value for '\(key)': \(Self.summary(of: underlying))"
    case .lockTimeout(let path, let timeout):
      return "could not lock \(path) within \(timeout); another process is using the store"
    case .cannotCreateFolder(let path, let underlying):
      return "cannot create folder \(path): \(Self.summary(of: underlying))"
    case .unsafeFolder(let path, let reason, _):
      return "refusing to use \(path): \(reason)"
    case .cannotWrite(let key, let path, let underlying as StoreFileProblem)
    where underlying.isNewValueInPlace:
      return "wrote '\(key)' to \(path), but \(underlying)"
    case .cannotWrite(let key, let path, let underlying):
      return "cannot write '\(key)' to \(path): \(Self.summary(of: underlying))"
    case .cannotRead(let key, let path, let underlying):
      return "cannot read '\(key)' from \(path): \(Self.summary(of: underlying))"
    }
  }

  /// The sysexits code for this error: 64, 65, 73, 74 or 75.
  public var exitCode: Int32 {
    switch self {
    case .invalidKey, .cannotEncode: 64
    case .corrupted, .unsupportedVersion: 65
    case .cannotCreateFolder, .unsafeFolder: 73
    case .cannotWrite, .cannotRead: 74
    case .lockTimeout: 75
    }
  }

  /// The error that caused this one, if any.
  public var underlying: (any Error)? {
    switch self {
    case .corrupted(_, _, let error), .cannotEncode(_, let error),
      .cannotCreateFolder(_, let error), .cannotWrite(_, _, let error),
      .cannotRead(_, _, let error):
      error
    case .invalidKey, .unsupportedVersion, .lockTimeout, .unsafeFolder:
      nil
    }
  }

  /// The next step for the user, for a `hint:` line; `nil` when there is none.
  ///
  /// For a corrupt file that has a last good version beside it (see
  /// ``FileKeyValueStore``), the command that restores it:
  /// `cp …/todos.json.last-good …/todos.json`.
  public var hint: String? {
    switch self {
    case .corrupted(_, let path, _):
      guard let lastGood = FileKeyValueStore.lastGoodPath(for: path) else { return nil }
      return "restore the version before the last change with: cp "
        + "\(ShellQuote.quote(lastGood)) \(ShellQuote.quote(path))"
    case .unsafeFolder(_, _, let fix):
      return fix
    case .lockTimeout:
      return "try again once the other process has finished"
    case .cannotRead(_, _, let underlying), .cannotWrite(_, _, let underlying):
      return (underlying as? StoreFileProblem)?.hint
    default:
      return nil
    }
  }

  /// The same as ``message``.
  public var description: String { message }

  /// A short, one-line account of an underlying error.
  static func summary(of error: any Error) -> String {
    if let problem = error as? StrictJSON.Problem { return "not valid JSON: \(problem)" }
    guard let decoding = error as? DecodingError else {
      // 3840: Foundation's "the data is not in the correct format" (a JSON syntax error).
      let isSyntax =
        (error as NSError).domain == NSCocoaErrorDomain && (error as NSError).code == 3840
      return isSyntax ? "not valid JSON: \(firstLine(of: error))" : firstLine(of: error)
    }
    func at(_ path: [any CodingKey]) -> String {
      let text = CodingPathText.of(path)
      return text.isEmpty ? "" : " at " + text
    }
    switch decoding {
    case .keyNotFound(let key, let context):
      return "missing field '\(key.stringValue)'\(at(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "expected \(type)\(at(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "null where \(type) was expected\(at(context.codingPath))"
    case .dataCorrupted(let context):
      guard let underlying = context.underlyingError else {
        // A type's own check of what it decoded (a number out of range, an unknown
        // key, an id used twice): the JSON is fine, its content is not.
        return "\(context.debugDescription.prefix(160))\(at(context.codingPath))"
      }
      return "not valid JSON: \(firstLine(of: underlying).prefix(120))\(at(context.codingPath))"
    @unknown default:
      return "\(decoding)"
    }
  }

  /// The first line of an error's description; a Foundation error (`NSError`) in
  /// its own words, never its `Error Domain=… UserInfo=…` dump.
  private static func firstLine(of error: any Error) -> String {
    let text = "\(error)"
    if text.hasPrefix("Error Domain=") {
      let nsError = error as NSError
      return nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
    }
    return text.split(separator: "\n").first.map(String.init) ?? text
  }
}
