import CoreBase
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The netrc file format curl and ftp read: `machine HOST login USER password PASS`
/// tokens separated by any white space, `default` for every other host, `macdef`
/// blocks skipped, `#` comments.
enum Netrc {
  /// The credentials for `host` in the file at `path`; `nil` when the file does not
  /// exist or names neither the host nor a default.
  static func credentials(in path: String, host: String) throws(SyncCredentialError)
    -> SyncCredentials?
  {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .netrcUnreadable(path: path, reason: String(cString: strerror(errno)))
    }
    let mode = info.st_mode & 0o777
    guard mode & 0o077 == 0 else {
      throw .netrcPermissions(path: path, mode: String(format: "%04o", mode))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .netrcUnreadable(path: path, reason: "it cannot be opened")
    }
    return entry(in: String(decoding: data, as: UTF8.self), host: host)
  }

  /// The entry for `host` in netrc text.
  static func entry(in text: String, host: String) -> SyncCredentials? {
    var tokens: [Substring] = []
    for line in text.split(whereSeparator: \.isNewline) {
      let content = line.drop { $0 == " " || $0 == "\t" }
      if content.hasPrefix("#") { continue }
      tokens += content.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }
    var found: SyncCredentials?
    var fallback: SyncCredentials?
    var current: (isTarget: Bool, isDefault: Bool, login: String?, password: String?)?
    func finish() {
      guard let entry = current, let login = entry.login else { return }
      let credentials = SyncCredentials(user: login, password: entry.password ?? "")
      if entry.isTarget, found == nil { found = credentials }
      if entry.isDefault, fallback == nil { fallback = credentials }
    }
    var index = 0
    func next() -> String? {
      index += 1
      return index < tokens.count ? String(tokens[index]) : nil
    }
    while index < tokens.count {
      switch tokens[index] {
      case "machine":
        finish()
        let name = next() ?? ""
        current = (name.lowercased() == host.lowercased(), false, nil, nil)
      case "default":
        finish()
        current = (false, true, nil, nil)
      case "login": current?.login = next()
      case "password": current?.password = next()
      case "account": _ = next()
      case "macdef":
        finish()
        current = nil
        _ = next()
      default: break
      }
      index += 1
    }
    finish()
    return found ?? fallback
  }
}
