public import Foundation

/// The XDG base directories, and an app family's folders inside them.
///
/// Built from an environment dictionary, so it is a pure function and easy to
/// test. Each `XDG_*_HOME` variable is used when it is an absolute path; an unset,
/// empty or relative value is ignored (as the XDG spec says) in favor of the
/// default under `HOME`.
///
/// | folder | variable | default |
/// |---|---|---|
/// | ``configHome`` | `XDG_CONFIG_HOME` | `~/.config` |
/// | ``dataHome`` | `XDG_DATA_HOME` | `~/.local/share` |
/// | ``cacheHome`` | `XDG_CACHE_HOME` | `~/.cache` |
/// | ``stateHome`` | `XDG_STATE_HOME` | `~/.local/state` |
///
/// There is no default family: an app names the family its files live in, usually
/// through its ``AppIdentity``, so no app writes into another's folders by accident.
///
/// ```swift
/// let identity = AppIdentity(name: "chores", version: "1.0.0")
/// let folders = XDGDirectories(identity: identity)
/// let store = FileKeyValueStore(directory: folders.data(app: identity.name))
/// // ~/.local/share/chores/chores/
/// ```
public struct XDGDirectories: Sendable, Hashable {
  /// The family folder inside each base folder, e.g. `chores`; see ``AppIdentity``.
  public var family: String

  /// User configuration: `$XDG_CONFIG_HOME` or `~/.config`.
  public var configHome: URL
  /// User data: `$XDG_DATA_HOME` or `~/.local/share`.
  public var dataHome: URL
  /// Caches that may be deleted: `$XDG_CACHE_HOME` or `~/.cache`.
  public var cacheHome: URL
  /// State worth keeping between runs but not backing up: `$XDG_STATE_HOME` or
  /// `~/.local/state`.
  public var stateHome: URL

  /// Reads the folders from `environment`.
  ///
  /// - Parameters:
  ///   - environment: The process environment; `HOME` must be absolute to be used,
  ///     else the account's home folder is used.
  ///   - family: The family folder inside each base folder; there is no default.
  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    family: String
  ) {
    self.family = family
    let home = Self.absolute(environment["HOME"]) ?? NSHomeDirectory()
    func folder(_ variable: String, _ fallback: String) -> URL {
      URL(
        fileURLWithPath: Self.absolute(environment[variable]) ?? home + "/" + fallback,
        isDirectory: true)
    }
    configHome = folder("XDG_CONFIG_HOME", ".config")
    dataHome = folder("XDG_DATA_HOME", ".local/share")
    cacheHome = folder("XDG_CACHE_HOME", ".cache")
    stateHome = folder("XDG_STATE_HOME", ".local/state")
  }

  /// Reads the folders of the family `identity` names from `environment`.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - identity: The app whose family the folders are for.
  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    identity: AppIdentity
  ) {
    self.init(environment: environment, family: identity.family)
  }

  /// Shared preferences and the theme: `$XDG_CONFIG_HOME/<family>/`.
  public var config: URL { configHome.appendingPathComponent(family, isDirectory: true) }

  /// One app's data: `$XDG_DATA_HOME/<family>/<app>/`.
  ///
  /// - Parameter app: The app's name, e.g. `todo`.
  /// - Returns: The folder URL.
  public func data(app: String) -> URL { appFolder(dataHome, app) }

  /// One app's caches: `$XDG_CACHE_HOME/<family>/<app>/`.
  ///
  /// - Parameter app: The app's name, e.g. `feed`.
  /// - Returns: The folder URL.
  public func cache(app: String) -> URL { appFolder(cacheHome, app) }

  /// One app's state (history, logs): `$XDG_STATE_HOME/<family>/<app>/`.
  ///
  /// - Parameter app: The app's name.
  /// - Returns: The folder URL.
  public func state(app: String) -> URL { appFolder(stateHome, app) }

  private func appFolder(_ base: URL, _ app: String) -> URL {
    base.appendingPathComponent(family, isDirectory: true)
      .appendingPathComponent(app, isDirectory: true)
  }

  private static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    return value
  }
}
