/// Why a sync client would not read or send credentials, in words a person can act on.
///
/// No case carries a password, and no description prints one.
public enum SyncCredentialError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A password over plain `http://` to a host other than this machine.
  case insecureCredentials(host: String)
  /// A `.netrc` file others can read or write; `mode` is like `0644`.
  case netrcPermissions(path: String, mode: String)
  /// A `.netrc` file that exists but cannot be read or parsed.
  case netrcUnreadable(path: String, reason: String)
  /// The password command could not run, failed, or printed nothing; `program` is its
  /// first word only.
  case passwordCommandFailed(program: String, reason: String)

  /// One line, with what to do about it.
  public var description: String {
    switch self {
    case .insecureCredentials(let host):
      return "refusing to send a password to \(host) over plain http://; use https:// "
        + "(plain http is allowed only to this machine: localhost, 127.0.0.0/8, ::1)"
    case .netrcPermissions(let path, let mode):
      return "\(path) is mode \(mode), so others can read it; a file that holds passwords "
        + "must be mode 0600 (chmod 600 \(path))"
    case .netrcUnreadable(let path, let reason):
      return "cannot read \(path): \(reason)"
    case .passwordCommandFailed(let program, let reason):
      return "the password command \(program) \(reason)"
    }
  }
}
