/// Who an app is: its command name, its version and the folder family it lives in.
///
/// An app names itself in one place and everything else follows from it: the
/// command-line runner's `--version` and `APP: error:` prefix, every hint that
/// names a command, and the folders from ``XDGDirectories``:
///
/// | folder | path |
/// |---|---|
/// | data | `$XDG_DATA_HOME/<family>/<name>/` |
/// | caches | `$XDG_CACHE_HOME/<family>/<name>/` |
/// | shared preferences | `$XDG_CONFIG_HOME/<family>/` |
///
/// An app that names no family is a family of its own, named after itself, so it
/// reads and writes only under its own name. Apps that name the same family share
/// its config folder (Blueprint's three samples share one, so their settings editor
/// themes the others). A copied sample becomes its own app by changing its identity:
///
/// ```swift
/// let appIdentity = AppIdentity(name: "chores", version: "0.1.0")
/// // data in ~/.local/share/chores/chores/, config in ~/.config/chores/
/// ```
public struct AppIdentity: Sendable, Hashable {
  /// The command name, e.g. `todo`: the error prefix and the data folder's name.
  public var name: String
  /// The version `--version` prints.
  public var version: String
  /// The folder family the app shares with its siblings; the app's own name unless
  /// it names one.
  public var family: String

  /// Creates an identity.
  ///
  /// - Parameters:
  ///   - name: The command name; also the app's data and cache folder name.
  ///   - version: The version `--version` prints.
  ///   - family: The folder family; defaults to `name`, an app of its own.
  public init(name: String, version: String, family: String? = nil) {
    self.name = name
    self.version = version
    self.family = family ?? name
  }
}
